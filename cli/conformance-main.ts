#!/usr/bin/env node
/**
 * `model-gateway-conformance` (in the repository: `npm run conformance --`): runs the conformance
 * suite (conformance/) against a gateway, or, with no target given, against the mock started in-process. `--help` lists the options.
 * SIGINT or SIGTERM stops the run: the partial report is written, marked incomplete, and the exit
 * status is 130 or 143. Later signals (a second Ctrl-C, or npm passing the group's signal on once
 * more) do not end the process before the report is written (stop-signal.ts).
 */
import { runConformanceCli } from './run-conformance-cli';
import { startInProcessMock } from '../mocks/index';
import { untilStopSignal } from './stop-signal';

const interrupt = new AbortController();
void untilStopSignal().then((signal) => {
  process.stderr.write(`conformance: ${signal}: stopping, writing the partial report\n`);
  interrupt.abort(signal);
});

runConformanceCli(
  process.argv.slice(2),
  process.env,
  {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  },
  { startTarget: (contract) => startInProcessMock({ contract }), signal: interrupt.signal },
)
  .then((code) => {
    process.exitCode = code;
  })
  .catch((err: unknown) => {
    process.stderr.write(
      `conformance: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exitCode = 2;
  });
