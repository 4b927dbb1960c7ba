/**
 * Which release line of each client library the tests load (jest.config.js for Node code,
 * mocks/test/clients/browser/bundle.ts for pages). The current majors of `openai`, `ai`,
 * `@ai-sdk/openai` and `@langchain/openai` declare Node 22 or later in `engines`, so on Node 20 the
 * tests load the last line that declares Node 20, installed beside them as npm aliases
 * (`openai-node20`: `npm:openai@^6`, ...; docs/clients.md says which versions run where).
 * `langchain`, `@langchain/core` and `@openrouter/sdk` are the same on every Node.
 */
const NODE20_LINES = {
  openai: 'openai-node20',
  ai: 'ai-node20',
  '@ai-sdk/openai': '@ai-sdk/openai-node20',
  '@langchain/openai': '@langchain/openai-node20',
};

/** The client libraries tested on every Node at the same version. */
const SAME_ON_EVERY_NODE = ['langchain', '@langchain/core', '@openrouter/sdk'];

const nodeMajor = Number(process.versions.node.split('.')[0]);

/** Package name → the package to load instead; empty on Node 22 and later (the current majors). */
const clientAliases = nodeMajor < 22 ? NODE20_LINES : {};

/** The same as jest's moduleNameMapper: the package and its subpaths (`openai/helpers/zod`). */
function jestModuleNameMapper() {
  const mapper = {};
  for (const [name, alias] of Object.entries(clientAliases)) {
    const escaped = name.replace(/[/.]/g, '\\$&');
    mapper[`^${escaped}$`] = alias;
    mapper[`^${escaped}/(.*)$`] = `${alias}/$1`;
  }
  return mapper;
}

module.exports = { NODE20_LINES, SAME_ON_EVERY_NODE, clientAliases, jestModuleNameMapper };
