/**
 * `npm run spec:check-version`: part of `npm test`. A breaking change to spec/openapi.yaml
 * since the base commit needs a major bump of info.version. Logic: diff/check-version.ts.
 */
import { runCheckVersion } from '../diff/check-version';

try {
  process.exitCode = runCheckVersion(process.argv.slice(2), {
    cwd: process.cwd(),
    out: (text) => console.log(text),
    err: (text) => console.error(text),
  });
} catch (err) {
  console.error('spec:check-version: unexpected error', err);
  process.exitCode = 2;
}
