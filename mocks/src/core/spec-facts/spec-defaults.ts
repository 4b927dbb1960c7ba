import type { components } from '../../../../generated/openapi';
import type { Contract } from '../../../../kit/contract/contract-types';
import { ContractError } from '../../../../kit/contract/contract-error';
import { isRecord } from '../../../../kit/json/guards';
import { deepFreeze } from '../../../../kit/json/deep-freeze';

type Schemas = components['schemas'];
type Parameters = components['parameters'];
type Plugin = Schemas['Plugin'];
const SCHEMAS = '#/components/schemas';
const PARAMETERS = '#/components/parameters';

/** The defaults of some members of an object schema, as the generated types type them. */
type Defaults<T, K extends keyof T> = { readonly [Member in K]-?: Exclude<T[Member], null | undefined> };

/** The default of one member for every plugin kind that has the member, by plugin id. */
type PluginDefaults<K extends string> = {
  readonly [Kind in Plugin as K extends keyof Kind ? Kind['id'] : never]: Exclude<Kind[K & keyof Kind], undefined>;
};

/**
 * Every `default:` of spec/openapi.yaml the mock applies when a request leaves a member out, read
 * once at start-up. Nothing here is typed by hand: a value is the spec's and the types are the
 * generated ones. That each value fits its own schema (what makes the casts below sound) is
 * checked by mocks/test/spec-facts rather than at every start, where compiling a validator per
 * default would cost tens of milliseconds.
 */
export interface SpecDefaults {
  /** ResponseRequest: `stream`, and what the result echoes for settings left out. */
  readonly request: Defaults<
    Schemas['ResponseRequest'],
    'stream' | 'parallel_tool_calls' | 'tool_choice' | 'service_tier' | 'text'
  >;
  /** ProviderPreferences */
  readonly provider: Defaults<Schemas['ProviderPreferences'], 'allow_fallbacks' | 'data_collection'>;
  /** Plugin members, by plugin id (each kind's schema is named in Plugin's discriminator mapping). */
  readonly plugins: {
    readonly enabled: PluginDefaults<'enabled'>;
    readonly cost_quality_tradeoff: PluginDefaults<'cost_quality_tradeoff'>;
    /** cost_quality_tradeoff's `maximum`, by plugin id: the top of the scale a router ranks on. */
    readonly cost_quality_tradeoff_maximum: Readonly<Record<string, number>>;
    readonly price_source: PluginDefaults<'price_source'>;
  };
  /** The Offset and Limit query parameters of GET /embeddings/models. */
  readonly page: { readonly offset: Parameters['Offset']; readonly limit: Parameters['Limit'] };
  /** The XServiceMetadata header parameter (its legacy name has the same schema). */
  readonly serviceMetadata: Parameters['XServiceMetadata'];
}

/** Reads the default of the schema at a JSON pointer (specDefault; tests pass one that also checks it). */
export type DefaultReader = (contract: Contract, pointer: string) => unknown;

export function readSpecDefaults(contract: Contract, read: DefaultReader = specDefault): SpecDefaults {
  const members = <T, K extends keyof T & string>(schema: string, keys: readonly K[]): Defaults<T, K> =>
    Object.fromEntries(keys.map((key) => [key, read(contract, `${schema}/properties/${key}`)])) as Defaults<T, K>;
  const plugins = (member: string): Readonly<Record<string, unknown>> => pluginDefaults(contract, member, read);
  return {
    request: members<Schemas['ResponseRequest'], keyof SpecDefaults['request']>(`${SCHEMAS}/ResponseRequest`, [
      'stream',
      'parallel_tool_calls',
      'tool_choice',
      'service_tier',
      'text',
    ]),
    provider: members<Schemas['ProviderPreferences'], keyof SpecDefaults['provider']>(
      `${SCHEMAS}/ProviderPreferences`,
      ['allow_fallbacks', 'data_collection'],
    ),
    plugins: {
      enabled: plugins('enabled') as SpecDefaults['plugins']['enabled'],
      cost_quality_tradeoff: plugins('cost_quality_tradeoff') as SpecDefaults['plugins']['cost_quality_tradeoff'],
      cost_quality_tradeoff_maximum: pluginDefaults(
        contract,
        'cost_quality_tradeoff',
        specMaximum,
      ) as SpecDefaults['plugins']['cost_quality_tradeoff_maximum'],
      price_source: plugins('price_source') as SpecDefaults['plugins']['price_source'],
    },
    page: {
      offset: read(contract, `${PARAMETERS}/Offset/schema`) as Parameters['Offset'],
      limit: read(contract, `${PARAMETERS}/Limit/schema`) as Parameters['Limit'],
    },
    serviceMetadata: read(contract, `${PARAMETERS}/XServiceMetadata/schema`) as Parameters['XServiceMetadata'],
  };
}

/**
 * The `default` of the schema at `pointer`, deep-frozen (one value serves every request). A missing
 * or null default stops the mock with a ContractError naming the pointer.
 */
export function specDefault(contract: Contract, pointer: string): unknown {
  const schema = contract.at<unknown>(pointer);
  if (!isRecord(schema) || schema.default === undefined || schema.default === null) {
    throw new ContractError('the mock needs a default here', contract.specPath, { pointer: `${pointer}/default` });
  }
  return deepFreeze(structuredClone(schema.default));
}

/** The `maximum` of the number schema at `pointer`; a missing one stops the mock with a ContractError naming it. */
function specMaximum(contract: Contract, pointer: string): number {
  const schema = contract.at<unknown>(pointer);
  if (!isRecord(schema) || typeof schema.maximum !== 'number') {
    throw new ContractError('the mock needs a maximum here', contract.specPath, { pointer: `${pointer}/maximum` });
  }
  return schema.maximum;
}

/** `member`'s default for each plugin kind that has it, by the `id` of Plugin's discriminator mapping. */
function pluginDefaults(contract: Contract, member: string, read: DefaultReader): Readonly<Record<string, unknown>> {
  const mapping = contract.at<Record<string, string>>(`${SCHEMAS}/Plugin/discriminator/mapping`);
  const found: Record<string, unknown> = {};
  for (const [id, ref] of Object.entries(mapping)) {
    const properties = contract.resolve<{ properties?: Record<string, unknown> }>({ $ref: ref }).properties ?? {};
    if (member in properties) found[id] = read(contract, `${ref}/properties/${member}`);
  }
  return found;
}
