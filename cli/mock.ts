#!/usr/bin/env node
/**
 * `model-gateway-mock` (in the repository: `npm start --`): the entry, which turns the compile
 * cache on and then runs the command (mock-main.ts). In the built package, mock-main.js is the
 * command's code in one file (scripts/bundle-commands.ts).
 */
import { enableCompileCache } from './compile-cache';

enableCompileCache();
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the cache is on (an import would come first)
require('./mock-main');
