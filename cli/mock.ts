#!/usr/bin/env node
/**
 * `model-gateway-mock` (in the repository: `npm start --`): the entry, which runs the command
 * (mock-main.ts) with its compiled code cached (compile-cache.ts). In the built package,
 * mock-main.js is the command's code in one file (scripts/bundle-commands.ts).
 */
import v8 from 'node:v8';
import { runCommand } from './compile-cache';

// The mock is a dev tool running beside the app under test, so V8 may grow the heap by only 20%
// over what survived the last full GC instead of its default (which assumes a 4 GB limit on this
// kind of machine): peak RSS under load falls from about 180 to 110 MB for some CPU on the
// cheapest requests. It is set here, in the process entry, because it applies to the whole
// process; while thousands of streams are open, serve-mock.ts lets V8 choose (heap-growth.ts,
// whose REQUEST_LOAD_GROWING_PERCENT this must equal: a test checks it). The entry loads nothing
// but itself, compile-cache.ts and the bundle, so the value is written here again.
v8.setFlagsFromString('--heap-growing-percent=20');
// No allocation-site pretenuring: under a steady load of POST /responses, V8 would now and then
// decide to allocate some short-lived objects straight in the old generation. Dead but unmarked,
// they keep the young objects they point to alive through every scavenge until the next full
// GC: a quarter of the young generation survived instead of under 1%, scavenges took 5-7 ms, and
// a POST cost about 60 µs of CPU instead of about 30 in three processes out of four.
v8.setFlagsFromString('--no-allocation-site-pretenuring');

// Both flags are set before any of the command's code is compiled: V8 accepts cached code only
// under the flags it was made with, so the compile cache would miss if they changed afterwards.
runCommand(require.resolve('./mock-main'));
