import { GatewayError } from '../../exchange/gateway-error';
import { matchesScenario } from './match-scenario';
import type { InputTextReader } from './match-scenario';
import type { ListedScenario, Scenario, ScenarioAction, ScenarioRequest, ScenarioStep } from './scenario-types';
import { stepAction } from './step-action';
import type { ScenarioOperation } from './validate-scenario';
import { validateScenario } from './validate-scenario';

/** At most this many scenarios at once: a test queues a few; a loop that forgets to clear stops here. */
export const MAX_SCENARIOS = 1_000;

interface Entry {
  readonly id: string;
  readonly scenario: Scenario;
  readonly steps: readonly ScenarioStep[];
  /** Requests the scenario may answer in all. */
  readonly uses: number;
  used: number;
}

/**
 * The scenarios queued on one mock (its store holds one book; a reset clears it). One
 * implementation behind every surface: POST/GET/DELETE /__mock/scenarios, `mock.scenarios` and
 * the fetch core. Tried in the order added; the first that matches and is not used up answers.
 */
export class ScenarioBook {
  #entries: Entry[] = [];
  /** Scenarios not yet used up: while 0, the pipeline skips the look-up altogether. */
  #live = 0;
  #made = 0;

  constructor(
    private readonly operations: ReadonlyMap<string, ScenarioOperation>,
    private readonly inputText: InputTextReader = () => '',
  ) {}

  /** Whether any scenario can still answer. */
  get active(): boolean {
    return this.#live > 0;
  }

  /** Checks and queues a scenario; a bad one is a 400 GatewayError naming the field. */
  add(value: unknown): ListedScenario {
    // A copy: the caller's object may change after it is queued; the queued scenario does not.
    const scenario = validateScenario(structuredClone(value), this.operations);
    if (this.#entries.length >= MAX_SCENARIOS)
      throw new GatewayError(
        409,
        `The mock holds ${MAX_SCENARIOS} scenarios already: clear them first (DELETE /__mock/scenarios)`,
        {
          mockControl: true,
        },
      );
    const id = scenario.id ?? `scenario-${++this.#made}`;
    if (this.#entries.some((entry) => entry.id === id))
      throw new GatewayError(400, `Bad scenario: /id "${id}" is already queued; give each scenario its own id`, {
        mockControl: true,
      });
    const steps = scenario.steps ?? [scenario.respond as ScenarioStep];
    const entry: Entry = { id, scenario, steps, uses: steps.length * (scenario.times ?? 1), used: 0 };
    this.#entries.push(entry);
    this.#live++;
    return listed(entry);
  }

  /** The action for a request, counting the use, or undefined when no scenario answers it. */
  take(request: ScenarioRequest): ScenarioAction | undefined {
    for (const entry of this.#entries) {
      if (entry.used >= entry.uses || !matchesScenario(entry.scenario.match, request, this.inputText)) continue;
      const step = entry.steps[entry.used % entry.steps.length] as ScenarioStep;
      entry.used++;
      if (entry.used === entry.uses) this.#live--;
      return stepAction(step, entry.id);
    }
    return undefined;
  }

  /** Every scenario added since the last clear, in order, with its use counts. */
  list(): ListedScenario[] {
    return this.#entries.map(listed);
  }

  clear(): void {
    this.#entries = [];
    this.#live = 0;
    this.#made = 0;
  }
}

function listed(entry: Entry): ListedScenario {
  return { id: entry.id, scenario: entry.scenario, used: entry.used, remaining: entry.uses - entry.used };
}
