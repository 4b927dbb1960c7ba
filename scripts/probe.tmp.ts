import { diffSpecs } from './spec-diff/diff-specs';
import { miniSpec } from './test/support/mini-spec';
const edits: Record<string, (s: any) => void> = {
  headersAdded: (s) => { s.paths['/items'].post.responses['200'].headers = { 'X-Generation-Id': { schema: { type: 'string' } } }; },
  securityEmpty: (s) => { s.paths['/items'].post.security.push({}); },
  securityTopEmpty: (s) => { s.security.push({}); },
  securityAlt: (s) => { s.security.push({managementKey: []}); },
};
const withParam = (name: string) => { const s = miniSpec() as any; s.paths[`/items/{${name}}`] = { get: { operationId: 'getItem', parameters: [{ name, in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } } }; return s; };
for (const [name, edit] of Object.entries(edits)) {
  const after = miniSpec(); edit(after);
  console.log(name, JSON.stringify(diffSpecs(miniSpec(), after).changes.map(c => [c.severity, c.operation, c.where, c.what])));
}
console.log('rename', JSON.stringify(diffSpecs(withParam('id'), withParam('item_id')).changes.map(c => [c.severity, c.operation, c.where, c.what])));
