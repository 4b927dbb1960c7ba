/**
 * `npm run spec:diff -- [REF]`: what a change to spec/openapi.yaml breaks, for clients and for
 * the mock. The work is in diff/; this file only wires the process to it.
 */
import { runSpecDiff } from '../diff/run-spec-diff';

try {
  process.exitCode = runSpecDiff(process.argv.slice(2), {
    cwd: process.cwd(),
    out: (text) => console.log(text),
    err: (text) => console.error(text),
  });
} catch (err) {
  console.error('spec:diff: unexpected error', err);
  process.exitCode = 2;
}
