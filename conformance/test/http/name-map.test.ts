import { SAME_NAMES, createNameMap } from '../../http/name-map';

const names = createNameMap({
  headers: { 'X-Service-Metadata': 'X-OpenRouter-Metadata' },
  members: { service_metadata: 'openrouter_metadata' },
});

describe('the gateway names at the wire', () => {
  it('sends the gateway names for the mapped headers, whatever their case, and leaves the others alone', () => {
    expect(names.outgoingHeaders({ 'x-service-metadata': 'enabled', Authorization: 'Bearer k' })).toEqual({
      'X-OpenRouter-Metadata': 'enabled',
      Authorization: 'Bearer k',
    });
  });

  it('renames members at any depth in requests, and back in answers', () => {
    const sent = { a: [{ service_metadata: { service_metadata: 1 } }], metadata: { service_metadata_x: 2 } };
    const wire = names.outgoingBody(sent);
    expect(wire).toEqual({
      a: [{ openrouter_metadata: { openrouter_metadata: 1 } }],
      metadata: { service_metadata_x: 2 },
    });
    expect(names.incomingBody(wire)).toEqual(sent);
  });

  it('reads answer headers under the contract names', () => {
    expect(names.incomingHeaders({ 'x-openrouter-metadata': 'on', 'content-type': 'a/b' })).toEqual({
      'x-service-metadata': 'on',
      'content-type': 'a/b',
    });
  });

  it('says in reports what the gateway calls things, whole words only', () => {
    expect(
      names.inGatewayTerms('the result has no service_metadata although the request sent X-Service-Metadata: enabled'),
    ).toBe('the result has no openrouter_metadata although the request sent X-OpenRouter-Metadata: enabled');
    expect(names.inGatewayTerms('my_service_metadata and X-Service-Metadata-Extra')).toBe(
      'my_service_metadata and X-Service-Metadata-Extra',
    );
  });

  it('changes nothing without a mapping', () => {
    expect(createNameMap({})).toBe(SAME_NAMES);
    expect(SAME_NAMES.outgoingBody({ service_metadata: 1 })).toEqual({ service_metadata: 1 });
  });
});
