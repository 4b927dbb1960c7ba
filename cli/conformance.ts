#!/usr/bin/env node
/**
 * `model-gateway-conformance` (in the repository: `npm run conformance --`): the entry, which turns
 * the compile cache on and then runs the command (conformance-main.ts). In the built package,
 * conformance-main.js is the command's code in one file (scripts/bundle-commands.ts).
 */
import { enableCompileCache } from './compile-cache';

enableCompileCache();
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the cache is on (an import would come first)
require('./conformance-main');
