import { describeLocation } from '../describe-location';
import type { RawChange } from '../describe-change';
import { reclassify } from '../reclassify';
import { miniSpec } from './support/mini-spec';
import type { MiniSpec } from './support/mini-spec';

/**
 * The rules that correct the diff engine, fed with the kind of report the engine gives on the
 * real spec: a union whose members it matched by position comes out as `$ref` replacements.
 */
const UNION_MEMBER_REF = [
  'paths',
  '/items',
  'post',
  'responses',
  '403',
  'content',
  'application/json',
  'schema',
  'anyOf',
  0,
  '$ref',
];
const swapped: RawChange = {
  action: 'replace',
  path: UNION_MEMBER_REF,
  before: '#/components/schemas/Error',
  after: '#/components/schemas/BlockError',
};

function classify(change: RawChange, after: MiniSpec) {
  const docs = { before: miniSpec(), after };
  return reclassify(change, describeLocation(change.path, docs), docs, 'unclassified');
}

describe('spec diff rules for unions', () => {
  it('calls a reported member swap an annotation when the members are only reordered', () => {
    const after = miniSpec();
    after.paths['/items']!.post!.responses['403']!.content!['application/json']!.schema.anyOf!.reverse();
    expect(classify(swapped, after)).toEqual({
      severity: 'annotation',
      reason: 'the same union members (their descriptions aside), paired otherwise by the diff engine',
    });
  });

  it('leaves a reported member swap unclassified, with the reason, when a member changed inside', () => {
    const after = miniSpec();
    after.components.schemas.BlockError!.properties!.reason = { type: 'string' };
    expect(classify(swapped, after)).toEqual({
      severity: 'unclassified',
      reason:
        'a member of this union changed and the diff engine matched members by position: compare the members by hand',
    });
  });

  it('calls an alternative removed from a request union breaking', () => {
    const change: RawChange = {
      action: 'remove',
      path: ['paths', '/items', 'post', 'requestBody', 'content', 'application/json', 'schema', 'anyOf', 1],
      before: { type: 'null' },
    };
    expect(classify(change, miniSpec()).severity).toBe('breaking');
  });

  it('calls an alternative added to a request union non-breaking', () => {
    const change: RawChange = {
      action: 'add',
      path: ['paths', '/items', 'post', 'requestBody', 'content', 'application/json', 'schema', 'anyOf', 1],
      after: { type: 'null' },
    };
    expect(classify(change, miniSpec()).severity).toBe('non-breaking');
  });
});

describe('spec diff rules for properties', () => {
  it('calls a property added on the response side non-breaking, whatever the engine said', () => {
    const change: RawChange = {
      action: 'add',
      path: [
        'paths',
        '/items',
        'get',
        'responses',
        '200',
        'content',
        'application/json',
        'schema',
        'properties',
        'total',
      ],
      after: { type: 'integer' },
    };
    const docs = { before: miniSpec(), after: miniSpec() };
    expect(reclassify(change, describeLocation(change.path, docs), docs, 'breaking')).toEqual({
      severity: 'non-breaking',
      reason: 'a response may carry more members; readers ignore what they do not know',
    });
  });

  it('leaves a property added on the request side to the engine', () => {
    const change: RawChange = {
      action: 'add',
      path: ['paths', '/items', 'post', 'requestBody', 'content', 'application/json', 'schema', 'properties', 'x'],
      after: { type: 'string' },
    };
    const docs = { before: miniSpec(), after: miniSpec() };
    expect(reclassify(change, describeLocation(change.path, docs), docs, 'breaking')).toEqual({
      severity: 'breaking',
      reason: undefined,
    });
  });
});
