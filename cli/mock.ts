#!/usr/bin/env node
/**
 * `model-gateway-mock` (in the repository: `npm start --`): the entry, which runs the command
 * (mock-main.ts) with its compiled code cached (compile-cache.ts). In the built package,
 * mock-main.js is the command's code in one file (scripts/bundle-commands.ts).
 */
import util from 'node:util';
import v8 from 'node:v8';
import type * as CompileCache from './compile-cache';

/**
 * Node's modules the command requires (scripts/bundle-commands.ts leaves them out of the bundle),
 * those compile-cache.ts requires, and those node loads for them during a start: node:cluster and
 * node:dns when the server listens, node:perf_hooks at the first `performance.now()`.
 */
const NODE_MODULES_OF_A_START = [
  'node:http',
  'node:crypto',
  'node:fs',
  'node:path',
  'node:util',
  'node:os',
  'node:vm',
  'node:module',
  'node:cluster',
  'node:dns',
  'node:perf_hooks',
  'node:async_hooks',
];

// Node's own modules (node:http and all it needs) come compiled in the node binary, but V8 takes
// that code only while every V8 option has its default value: with one option set, on the command
// line or below, each of them is compiled again, and a start on Node 20 took some 40 ms longer. So:
//
// 1. The option `npm start` gives on the command line, the size of the young generation, which V8
//    reads only when it makes the heap, goes back to its default value; the heap keeps the size
//    it was made with (peak RSS under HTTP load stays at about 110 MB).
v8.setFlagsFromString('--max-semi-space-size=0');
// 2. The modules a start and its first requests need are loaded while the options are the defaults.
//    One left out costs time, never correctness; a test lists those loaded after step 3.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded for their side effect, see above
for (const name of NODE_MODULES_OF_A_START) require(name);
// And what node loads behind two things the command reads at start: the standard output (the
// banner) and util.parseArgs (mock-args.ts).
void [process.stdout, util.parseArgs];

// 3. The mock is a dev tool running beside the app under test, so V8 may grow the heap by only 20%
//    over what survived the last full GC instead of its default (which assumes a 4 GB limit on this
//    kind of machine): peak RSS under load falls from about 180 to 110 MB for some CPU on the
//    cheapest requests. It is set here, in the process entry, because it applies to the whole
//    process; while thousands of streams are open, serve-mock.ts lets V8 choose (heap-growth.ts,
//    whose REQUEST_LOAD_GROWING_PERCENT this must equal: a test checks it). The entry loads nothing
//    but itself, compile-cache.ts and the bundle, so the value is written here again.
v8.setFlagsFromString('--heap-growing-percent=20');
// No allocation-site pretenuring: under a steady load of POST /responses, V8 would now and then
// decide to allocate some short-lived objects straight in the old generation. Dead but unmarked,
// they keep the young objects they point to alive through every scavenge until the next full
// GC: a quarter of the young generation survived instead of under 1%, scavenges took 5-7 ms, and
// a POST cost about 60 µs of CPU instead of about 30 in three processes out of four.
v8.setFlagsFromString('--no-allocation-site-pretenuring');

// 4. The command's code is compiled after the options are set: V8 accepts cached code only under
//    the options it was made with, so the compile cache would miss if they changed afterwards.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after step 2, see there
(require('./compile-cache') as typeof CompileCache).runCommand(require.resolve('./mock-main'));
