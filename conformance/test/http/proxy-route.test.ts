import { proxyVariableFor, routeFor } from '../../http/proxy-route';

describe('proxyVariableFor', () => {
  it.each([
    ['no proxy variable', 'https://gw.example/api/v1', {}, undefined],
    ['HTTPS_PROXY for an https base URL', 'https://gw.example/api/v1', { HTTPS_PROXY: 'http://p:3128' }, 'HTTPS_PROXY'],
    ['https_proxy in lower case', 'https://gw.example/api/v1', { https_proxy: 'http://p:3128' }, 'https_proxy'],
    ['HTTP_PROXY does not apply to https', 'https://gw.example/api/v1', { HTTP_PROXY: 'http://p:3128' }, undefined],
    ['HTTP_PROXY for an http base URL', 'http://gw.example/api/v1', { HTTP_PROXY: 'http://p:3128' }, 'HTTP_PROXY'],
    ['an empty variable', 'http://gw.example/api/v1', { HTTP_PROXY: ' ' }, undefined],
    ['NO_PROXY *', 'http://gw.example/api/v1', { HTTP_PROXY: 'http://p', NO_PROXY: '*' }, undefined],
    [
      'NO_PROXY naming the host',
      'http://gw.example/api/v1',
      { HTTP_PROXY: 'http://p', NO_PROXY: 'a.test, gw.example' },
      undefined,
    ],
    [
      'NO_PROXY naming its domain',
      'http://gw.corp.example/api/v1',
      { HTTP_PROXY: 'http://p', no_proxy: '.example' },
      undefined,
    ],
    [
      'NO_PROXY naming *.domain',
      'http://gw.corp.example/api/v1',
      { HTTP_PROXY: 'http://p', NO_PROXY: '*.corp.example' },
      undefined,
    ],
    [
      'NO_PROXY naming another host',
      'http://gw.example/api/v1',
      { HTTP_PROXY: 'http://p', NO_PROXY: 'notgw.example2' },
      'HTTP_PROXY',
    ],
    [
      'NO_PROXY with a suffix that is not a domain',
      'http://evilgw.example/api/v1',
      { HTTP_PROXY: 'http://p', NO_PROXY: 'gw.example' },
      'HTTP_PROXY',
    ],
    [
      'NO_PROXY with the port',
      'https://gw.example:8443/api/v1',
      { HTTPS_PROXY: 'http://p', NO_PROXY: 'gw.example:8443' },
      undefined,
    ],
    [
      'NO_PROXY with another port',
      'https://gw.example/api/v1',
      { HTTPS_PROXY: 'http://p', NO_PROXY: 'gw.example:8443' },
      'HTTPS_PROXY',
    ],
    [
      'NO_PROXY with an IPv6 address',
      'http://[::1]:4010/api/v1',
      { HTTP_PROXY: 'http://p', NO_PROXY: '[::1]' },
      undefined,
    ],
    ['loopback 127.0.0.1, always directly', 'http://127.0.0.1:4010/api/v1', { HTTP_PROXY: 'http://p' }, undefined],
    ['loopback localhost, always directly', 'https://localhost:8443/api/v1', { HTTPS_PROXY: 'http://p' }, undefined],
    ['loopback [::1], always directly', 'http://[::1]:4010/api/v1', { HTTP_PROXY: 'http://p' }, undefined],
  ] as const)('%s', (_name, baseUrl, env, want) => {
    expect(proxyVariableFor(baseUrl, env)).toBe(want);
  });
});

describe('routeFor', () => {
  it('connects directly when no proxy applies, and names the proxy it goes through otherwise', () => {
    expect(routeFor('https://gw.example/api/v1', {}).via).toBeUndefined();
    const route = routeFor('https://gw.example/api/v1', { HTTPS_PROXY: 'http://user:secret@proxy.corp:3128' });
    expect(route.via).toBe('HTTPS_PROXY (proxy.corp:3128)');
    expect(route.agent).toBeDefined();
  });
});
