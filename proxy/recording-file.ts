import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { rename, writeFile } from 'node:fs/promises';
import type { Contract, FixtureScript } from '../mocks/index';
import { FixturesError, loadFixtures, mergeRecordings, recordingKey, withScripts } from '../mocks/index';

/**
 * The file `--record FILE` writes (docs/record-replay.md): a scripts file, `{ "scripts": [...] }`,
 * that `--scripts FILE` loads. It starts with the scripts already in the file, if any (checked as
 * `--scripts` checks them, so a broken file stops the proxy at start instead of being
 * overwritten); recordings are added in the order their exchanges end, and an exchange recorded
 * again replaces its recording in place. After each change the whole file is written to a
 * temporary file beside it, then renamed over it: a reader, or a proxy stopped mid-way, only ever
 * finds the last complete file. Writes never overlap; changes made during one are written by the next.
 */
export class RecordingFile {
  readonly #path: string;
  readonly #scripts: FixtureScript[];
  /** Members of the file besides `scripts` (a `$schema`), kept as they were. */
  readonly #others: Record<string, unknown>;
  #writing: Promise<void> | undefined;
  #dirty = false;
  #failure: Error | undefined;

  /** `onFailure` hears of a write that failed (the next change tries again; `settled` rejects). */
  constructor(
    file: string,
    contract: Contract,
    private readonly onFailure: (error: Error) => void = () => undefined,
  ) {
    this.#path = file;
    const folder = path.dirname(path.resolve(file));
    if (!existsSync(folder) || !statSync(folder).isDirectory())
      throw new FixturesError(file, [{ path: '', message: `cannot be written: there is no folder ${folder}` }]);
    const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (existing.trim() === '') {
      this.#scripts = [];
      this.#others = {};
      return;
    }
    // Throws a FixturesError naming the file and the place when it is not a valid scripts file.
    withScripts(loadFixtures(undefined, contract), file, contract);
    const parsed = JSON.parse(existing) as unknown;
    if (Array.isArray(parsed)) {
      this.#scripts = parsed as FixtureScript[];
      this.#others = {};
    } else {
      const { scripts, ...others } = parsed as { scripts: FixtureScript[] };
      this.#scripts = scripts;
      this.#others = others;
    }
  }

  /** Scripts in the file now. */
  get scripts(): readonly FixtureScript[] {
    return this.#scripts;
  }

  /** Adds a recorded script, or merges it into the recording of the same exchange; then writes the file. */
  add(script: FixtureScript): void {
    if (!('recorded' in script.reply)) throw new Error('only recorded scripts are added');
    const key = recordingKey(script.match);
    const same = this.#scripts.findIndex((s) => 'recorded' in s.reply && recordingKey(s.match) === key);
    const older = this.#scripts[same];
    if (older !== undefined && 'recorded' in older.reply) {
      this.#scripts[same] = {
        ...older,
        reply: { recorded: mergeRecordings(older.reply.recorded, script.reply.recorded) },
      };
    } else {
      this.#scripts.push({ ...script, name: this.#freeName(script.name) });
    }
    this.#schedule();
  }

  /** Resolves once every change is on disk; rejects with the last write's failure, if any. */
  async settled(): Promise<void> {
    while (this.#writing) await this.#writing;
    if (this.#failure) throw this.#failure;
  }

  #schedule(): void {
    this.#dirty = true;
    if (this.#writing) return;
    this.#writing = this.#drain().finally(() => (this.#writing = undefined));
  }

  async #drain(): Promise<void> {
    while (this.#dirty) {
      this.#dirty = false;
      const text = `${JSON.stringify({ ...this.#others, scripts: this.#scripts }, null, 2)}\n`;
      const temporary = `${this.#path}.${process.pid}.tmp`;
      try {
        await writeFile(temporary, text, 'utf8');
        await rename(temporary, this.#path);
        this.#failure = undefined;
      } catch (error) {
        this.#failure = error instanceof Error ? error : new Error(String(error));
        this.onFailure(this.#failure);
      }
    }
  }

  /** Script names are unique ignoring case (check-scripts.ts): a second script of the same name gets ` #2`, ` #3` and so on. */
  #freeName(name: string): string {
    const taken = new Set(this.#scripts.map((s) => s.name.toLowerCase()));
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${name} #${n}`;
    return candidate;
  }
}
