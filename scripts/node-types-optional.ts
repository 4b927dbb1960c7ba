/**
 * A build step: makes node's types optional in the package's `.d.ts` files. A frontend project
 * has no `@types/node`, yet `import type { Scenario } from 'model-gateway-mock'` loads the root's
 * whole declaration graph, and with `skipLibCheck: false` every `import … from 'node:http'` or
 * `NodeJS.ProcessEnv` in it is an error (TS2307, TS2503). Each such line gets a `// @ts-ignore`
 * (tsc drops comments on imports, so the step runs after it): with node's types, the line types
 * as written; without them, what it names is `any`, in declarations a frontend never calls.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A declaration line naming node's modules or globals (comments excluded). */
const NODE_TYPES = /from ['"]node:|\bNodeJS\.|\bBuffer\b/;
const COMMENT = /^\s*(\/\/|\/\*|\*)/;
const IGNORE = "// @ts-ignore -- node's types, where the project has them (scripts/node-types-optional.ts)";

/** The text of one `.d.ts` with each line that needs node's types marked; the same text when none does. */
export function markNodeTypes(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (const line of lines) {
    if (NODE_TYPES.test(line) && !COMMENT.test(line)) out.push(`${line.match(/^\s*/)?.[0] ?? ''}${IGNORE}`);
    out.push(line);
  }
  return out.join('\n');
}

/** Marks every `.d.ts` under `dir`; returns how many files it changed. */
export function markNodeTypesIn(dir: string): number {
  let changed = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    const marked = markNodeTypes(text);
    if (marked === text) continue;
    writeFileSync(file, marked);
    changed += 1;
  }
  return changed;
}

if (require.main === module) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: tsx scripts/node-types-optional.ts <dist folder>');
    process.exitCode = 2;
  } else console.log(`node-types-optional: ${markNodeTypesIn(dir)} declaration files marked`);
}
