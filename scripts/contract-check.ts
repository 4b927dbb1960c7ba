/**
 * `npm run contract:check`: lint, diff, version gate, generated-types drift and the conformance
 * suite on one spec, with one exit code and one summary. The work is in contract-check/.
 */
import { runContractCheck } from '../contract-check/run-contract-check';

runContractCheck(process.argv.slice(2), {
  cwd: process.cwd(),
  out: (text) => console.log(text),
  err: (text) => console.error(text),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error('contract:check: unexpected error', err);
    process.exitCode = 2;
  },
);
