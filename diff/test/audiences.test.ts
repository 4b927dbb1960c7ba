import { readFileSync } from 'node:fs';
import { SPEC_PATH } from '../../kit/contract/contract';
import { diffSpecs } from '../diff-specs';
import { parseSpec } from '../git-spec';
import type { Audience, ChangeSeverity, SpecChange } from '../types';

/**
 * Edits a spec author makes to spec/openapi.yaml, each labelled by hand with the audiences it
 * breaks: requests (clients send, gateways accept), responses (gateways send, clients accept),
 * and names generated clients see. Every change must also say why, and what each broken
 * audience must do.
 */
type Spec = {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, Record<string, unknown>>;
    headers: Record<string, Record<string, unknown>>;
  };
};
type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; required?: string[] };
type Operation = Schema & {
  operationId: string;
  responses: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
};

/** [class, audiences, operation (or `shared schemas`), where, what, number of places used]. */
type Row = [ChangeSeverity, readonly Audience[], string, string, string, number?];

const baseText = readFileSync(SPEC_PATH, 'utf8');
const spec = (): Spec => parseSpec(baseText, SPEC_PATH) as Spec;
const schema = (s: Spec, name: string): Schema => s.components.schemas[name]!;
const property = (s: Spec, name: string, member: string): Schema => schema(s, name).properties![member]!;
const getModel = (s: Spec): Operation => s.paths['/model/{author}/{slug}']!.get!;
const USD = '^(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)$';
const BODY = 'request body (application/json)';

function rows(changes: readonly SpecChange[]): Required<Row>[] {
  return changes
    .filter((change) => change.severity !== 'annotation')
    .map((change): Required<Row> => [
      change.severity,
      change.breaks,
      change.operation ?? (change.uses ? 'shared schemas' : 'document'),
      change.where,
      change.what,
      change.uses?.length ?? 0,
    ]);
}

const cases: Array<[string, { before?: (s: Spec) => void; given: (s: Spec) => void; want: Row[] }]> = [
  [
    'a loosened request pattern in a shared schema breaks gateways only, once with its uses',
    {
      given: (s) => void (schema(s, 'UsdAmount').pattern = '^(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+|[0-9]+e[0-9]+)$'),
      want: [
        [
          'breaking',
          ['gateways'],
          'shared schemas',
          'schema UsdAmount',
          `pattern "${USD.replace(/\\/g, '\\\\')}" → "^(?:[0-9]+(?:\\\\.[0-9]*)?|\\\\.[0-9]+|[0-9]+e[0-9]+)$"`,
          5,
        ],
      ],
    },
  ],
  [
    'a tightened request pattern breaks clients and gateways',
    {
      given: (s) => void (schema(s, 'UsdAmount').pattern = '^[0-9]+(?:\\.[0-9]{1,6})?$'),
      want: [
        [
          'breaking',
          ['clients', 'gateways'],
          'shared schemas',
          'schema UsdAmount',
          `pattern "${USD.replace(/\\/g, '\\\\')}" → "^[0-9]+(?:\\\\.[0-9]{1,6})?$"`,
          5,
        ],
      ],
    },
  ],
  [
    'a request pattern that cannot be compared may break both, said once',
    {
      given: (s) => void (schema(s, 'UsdAmount').pattern = '^(?=\\d)[0-9.]+$'),
      want: [
        [
          'unclassified',
          ['clients', 'gateways'],
          'shared schemas',
          'schema UsdAmount',
          `pattern "${USD.replace(/\\/g, '\\\\')}" → "^(?=\\\\d)[0-9.]+$"`,
          5,
        ],
      ],
    },
  ],
  [
    'a loosened response pattern breaks clients only',
    {
      given: (s) => void (property(s, 'ModelArchitecture', 'modality').pattern = '^.+$'),
      want: [
        [
          'breaking',
          ['clients'],
          'shared schemas',
          'schema ModelArchitecture modality',
          'pattern "^.+->.+$" → "^.+$"',
          2,
        ],
      ],
    },
  ],
  [
    'explode: false on an integer query parameter changes nothing on the wire',
    {
      given: (s) => void (s.components.parameters.Limit!.explode = false),
      want: [['non-breaking', [], 'GET /embeddings/models', 'query parameter `limit`', 'explode false added']],
    },
  ],
  [
    'a path parameter written in label style breaks clients and gateways',
    {
      given: (s) => void (s.components.parameters.ModelAuthor!.style = 'label'),
      want: [
        [
          'breaking',
          ['clients', 'gateways'],
          'GET /model/{author}/{slug}',
          'path parameter `author`',
          'style "simple" → "label"',
        ],
      ],
    },
  ],
  [
    'a renamed path parameter breaks clients only (generated code), no byte on the wire',
    {
      given: (s) => {
        s.paths['/model/{author}/{model_slug}'] = s.paths['/model/{author}/{slug}']!;
        delete s.paths['/model/{author}/{slug}'];
        s.components.parameters.ModelSlug!.name = 'model_slug';
      },
      want: [
        [
          'breaking',
          ['clients'],
          'document',
          'paths',
          'path parameter `slug` → `model_slug` renamed (/model/{author}/{slug} → /model/{author}/{model_slug})',
          0,
        ],
      ],
    },
  ],
  [
    'a removed 408 response breaks gateways that still send it, not clients',
    {
      given: (s) => void delete getModel(s).responses['408'],
      want: [['breaking', ['gateways'], 'GET /model/{author}/{slug}', 'response 408', 'removed', 0]],
    },
  ],
  [
    'readOnly on a request member breaks clients that send it',
    {
      given: (s) => void (property(s, 'ResponseRequest', 'session_id').readOnly = true),
      want: [['breaking', ['clients'], 'POST /responses', `${BODY} session_id`, 'readOnly true added', 0]],
    },
  ],
  [
    'readOnly on a response member breaks nobody',
    {
      given: (s) => void (property(s, 'ModelArchitecture', 'tokenizer').readOnly = true),
      want: [['non-breaking', [], 'shared schemas', 'schema ModelArchitecture tokenizer', 'readOnly true added', 2]],
    },
  ],
  [
    'a request default changed breaks clients that left the member out and gateways that assume the old one',
    {
      given: (s) => void (property(s, 'ResponseRequest', 'parallel_tool_calls').default = false),
      want: [
        [
          'breaking',
          ['clients', 'gateways'],
          'POST /responses',
          `${BODY} parallel_tool_calls`,
          'default true → false',
          0,
        ],
      ],
    },
  ],
  [
    'a response header made required breaks gateways that leave it out',
    {
      given: (s) => {
        s.components.headers.XGenerationId!.required = true;
      },
      want: [['breaking', ['gateways'], 'POST /responses', 'response 200 header X-Generation-Id', 'now required', 0]],
    },
  ],
  [
    'a response enum value added breaks clients (an exhaustive switch), not gateways',
    {
      before: (s) => void (property(s, 'ModelArchitecture', 'tokenizer').enum = ['GPT', 'Other']),
      given: (s) => void (property(s, 'ModelArchitecture', 'tokenizer').enum = ['GPT', 'Other', 'Llama3']),
      want: [
        [
          'breaking',
          ['clients'],
          'shared schemas',
          'schema ModelArchitecture tokenizer',
          'enum value "Llama3" added',
          2,
        ],
      ],
    },
  ],
  [
    'a request enum value added breaks gateways that still refuse it',
    {
      given: (s) =>
        void (property(s, 'ResponseRequest', 'modalities').items = {
          type: 'string',
          enum: ['text', 'image', 'audio'],
        }),
      want: [['breaking', ['gateways'], 'POST /responses', `${BODY} modalities[]`, 'enum value "audio" added', 0]],
    },
  ],
  [
    'a renamed operationId breaks clients only',
    {
      given: (s) => void (getModel(s).operationId = 'getModelBySlug'),
      want: [
        ['breaking', ['clients'], 'GET /model/{author}/{slug}', 'operationId', '"getModel" → "getModelBySlug"', 0],
      ],
    },
  ],
  [
    'a scheme added to a security requirement breaks clients and gateways',
    {
      given: (s) => void (getModel(s).security = [{ bearerAuth: [], managementKey: [] }]),
      want: [
        [
          'breaking',
          ['clients', 'gateways'],
          'GET /model/{author}/{slug}',
          'security',
          'security requirement `managementKey` added',
          0,
        ],
      ],
    },
  ],
  [
    'a response member removed breaks clients that read it',
    {
      given: (s) => {
        delete schema(s, 'ModelArchitecture').properties!.instruct_type;
      },
      want: [
        [
          'breaking',
          ['clients'],
          'shared schemas',
          'schema ModelArchitecture instruct_type',
          'property `instruct_type` removed',
          2,
        ],
      ],
    },
  ],
  [
    'a schema renamed without a change of shape breaks clients only (the generated type name)',
    {
      given: (s) => {
        s.components.schemas.UsdDecimal = schema(s, 'UsdAmount');
        delete s.components.schemas.UsdAmount;
        for (const price of Object.values(schema(s, 'ProviderMaxPrice').properties!))
          price.$ref = '#/components/schemas/UsdDecimal';
      },
      want: [
        ['breaking', ['clients'], 'document', 'components.schemas', 'schema name `UsdAmount` removed'],
        ['non-breaking', [], 'document', 'components.schemas', 'schema name `UsdDecimal` added'],
      ],
    },
  ],
  [
    'a request member made required breaks clients and gateways',
    {
      given: (s) => void (schema(s, 'ResponseRequest').required = ['input']),
      want: [['breaking', ['clients', 'gateways'], 'POST /responses', BODY, '"input" is now required', 0]],
    },
  ],
];

describe('spec diff audiences', () => {
  it.each(cases)('finds that %s', (_name, { before, given, want }) => {
    const [from, to] = [spec(), spec()];
    before?.(from);
    before?.(to);
    given(to);
    const { changes } = diffSpecs(from, to);
    expect(rows(changes)).toEqual(
      want.map(([severity, breaks, heading, where, what, uses = 0]) => [severity, breaks, heading, where, what, uses]),
    );
    for (const change of changes) {
      expect(change.why).not.toBe('');
      expect(Object.keys(change.todo).sort()).toEqual([...change.breaks].sort());
    }
  });
});
