import { execFileSync } from 'node:child_process';
import { executionAsyncResource } from 'node:async_hooks';
import path from 'node:path';
import { keepTickShape } from '../keep-tick-shape';

const MODULE = path.resolve(__dirname, '..', 'keep-tick-shape.ts');

/** The keys of an object, symbols by their description. */
const keysOf = (value: object): string[] => [
  ...Object.keys(value),
  ...Object.getOwnPropertySymbols(value).map((symbol) => `symbol ${symbol.description ?? ''}`),
];

describe("keepTickShape (the CLI keeps the shape of node's nextTick entries through idle full GCs)", () => {
  it("keeps one of node's process.nextTick entries, the same one at every call", async () => {
    const kept = await keepTickShape();
    const fresh = await new Promise<object>((resolve) => process.nextTick(() => resolve(executionAsyncResource())));
    expect(fresh).not.toBe(kept);
    // The entry node makes for each nextTick: its callback, its arguments and its async ids.
    expect(keysOf(kept)).toEqual(keysOf(fresh));
    expect(keysOf(kept)).toEqual(expect.arrayContaining(['callback', 'args', 'symbol async_id_symbol']));
    expect(await keepTickShape()).toBe(kept);
  });

  it('holds the entry through full GCs when nothing else refers to it', () => {
    const script = `
      const { keepTickShape } = require(process.env.KTS_MODULE);
      (async () => {
        const ref = new WeakRef(await keepTickShape());
        await new Promise((resolve) => setTimeout(resolve, 10));
        global.gc();
        global.gc();
        console.log(JSON.stringify({ alive: ref.deref() !== undefined, control: await control() }));
      })();
      // An entry nobody keeps is collected by the same GCs: the check above can fail.
      async function control() {
        const ref = await new Promise((resolve) => process.nextTick(() => resolve(new WeakRef(require('node:async_hooks').executionAsyncResource()))));
        await new Promise((resolve) => setTimeout(resolve, 10));
        global.gc();
        global.gc();
        return ref.deref() !== undefined;
      }`;
    const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, KTS_MODULE: MODULE },
    });
    expect(JSON.parse(out)).toEqual({ alive: true, control: false });
  });
});
