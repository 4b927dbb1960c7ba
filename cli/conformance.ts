#!/usr/bin/env node
/**
 * `model-gateway-conformance` (in the repository: `npm run conformance --`): runs the conformance suite (conformance/) against a gateway,
 * or, with no target given, against the mock started in-process. `--help` lists the options.
 */
import { runConformanceCli } from '../conformance/index';
import { startInProcessMock } from '../mocks/index';

runConformanceCli(
  process.argv.slice(2),
  process.env,
  {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  },
  { startTarget: (contract) => startInProcessMock({ contract }) },
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
