#!/usr/bin/env node
/**
 * `model-gateway-conformance` and `model-gateway conformance` (in the repository: `npm run
 * conformance --`): the entry, which runs the command (conformance-main.ts) with its compiled
 * code cached (compile-cache.ts). In the built package, conformance-main.js is the command's code
 * in one file (scripts/bundle-commands.ts).
 */
import { holdStopSignals } from './stop-signal';
import { runCommand } from './compile-cache';
import { firstLine } from './first-line';

// Before the command loads (seconds on a busy machine): a cancel meanwhile still gets its report.
holdStopSignals();
// First, before the command's code loads: a cancelled CI job's log still shows the run started.
const first = firstLine(process.argv.slice(2), process.env);
if (first !== undefined) process.stdout.write(`${first}\n`);
runCommand(require.resolve('./conformance-main'));
