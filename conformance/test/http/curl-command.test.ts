import { execFile } from 'node:child_process';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { curlCommand, rawRequestCommand } from '../../http/curl-command';
import { printable } from '../../engine/printable';

const run = promisify(execFile);
/** Bytes no terminal, HTML page or XML file carries as they are. */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/;

/** What a POSIX shell (sh) makes of a command's words: each argument on a line of its own, NUL-free. */
async function words(command: string, env: Record<string, string> = {}): Promise<string[]> {
  const printer = command.replace(/^curl /, `printf '%s\\n' `);
  const { stdout } = await run('sh', ['-c', printer], { env: { ...process.env, ...env } });
  return stdout.split('\n').slice(0, -1);
}

describe('curlCommand', () => {
  it('writes control bytes as printf escapes, so the line is printable and a POSIX shell restores them', async () => {
    const command = curlCommand({
      method: 'POST',
      url: 'http://127.0.0.1:9/api/v1/responses',
      headers: { Authorization: 'Bearer $API_KEY', 'X-Title': "it's conformance\x01value" },
      rawBody: '{"input":"a\\tb"}',
    });
    expect(command).not.toMatch(CONTROL);
    expect(command).toContain(`-H "$(printf 'X-Title: it'\\''s conformance\\001value')"`);
    expect(await words(command, { API_KEY: 'sk-from-env' })).toEqual([
      '-sS',
      '-X',
      'POST',
      'http://127.0.0.1:9/api/v1/responses',
      '-H',
      'Authorization: Bearer sk-from-env',
      '-H',
      "X-Title: it's conformance\x01value",
      '--data-raw',
      '{"input":"a\\tb"}',
    ]);
  });

  it('expands the variables a URL and a body carry, each in double quotes', async () => {
    const command = curlCommand(
      {
        method: 'POST',
        url: 'http://127.0.0.1:9/api/v1/k/$API_KEY/x?token=$QUERY_TOKEN&b=$X_TENANT',
        headers: {},
        body: { key: '$API_KEY', note: '$HOME' },
      },
      false,
      ['$X_TENANT'],
    );
    expect(command).toContain(`"http://127.0.0.1:9/api/v1/k/$API_KEY/x?token=$QUERY_TOKEN&b=$X_TENANT"`);
    expect(command).toContain(`'{"key":"'"$API_KEY"'","note":"$HOME"}'`);
    const env = { API_KEY: 'sk-env', QUERY_TOKEN: 'qt-env', X_TENANT: 'xt-env', HOME: '/home/x' };
    expect(await words(command, env)).toEqual([
      '-sS',
      '-X',
      'POST',
      'http://127.0.0.1:9/api/v1/k/sk-env/x?token=qt-env&b=xt-env',
      '--data-raw',
      '{"key":"sk-env","note":"$HOME"}',
    ]);
  });

  it('expands nothing but the variables that stand for secrets', async () => {
    const command = curlCommand({
      method: 'GET',
      url: 'http://127.0.0.1:9/api/v1/models?q=$HOME',
      headers: { 'X-Portkey-Provider': 'openai', 'X-Note': '`id` $(id) $home' },
    });
    expect(await words(command)).toEqual([
      '-sS',
      '-X',
      'GET',
      'http://127.0.0.1:9/api/v1/models?q=$HOME',
      '-H',
      'X-Portkey-Provider: openai',
      '-H',
      'X-Note: `id` $(id) $home',
    ]);
  });
});

describe('rawRequestCommand', () => {
  it('sends a header with a NUL byte for byte from a POSIX shell, the secrets from its variables', async () => {
    const got: Buffer[] = [];
    const server = net.createServer((socket) => {
      socket.on('data', (chunk) => {
        got.push(chunk);
        if (Buffer.concat(got).includes('\r\n\r\n')) socket.end('HTTP/1.1 204 No Content\r\n\r\n');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const command = rawRequestCommand({
        method: 'GET',
        url: `http://127.0.0.1:${port}/api/v1/models`,
        headers: { Authorization: 'Bearer $API_KEY', 'X-Title': "it's conformance\x00value 100%" },
      });
      expect(command).not.toMatch(CONTROL);
      // Not exported: the pasting shell expands it.
      const { stdout } = await run('sh', ['-c', `API_KEY=sk-from-sh; ${command}`]);
      expect(stdout).toContain('HTTP/1.1 204');
      expect(Buffer.concat(got).toString('latin1')).toBe(
        `GET /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer sk-from-sh\r\nX-Title: it's conformance\x00value 100%\r\nConnection: close\r\n\r\n`,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('printable', () => {
  it('writes control bytes as \\xHH in every string, keeping line breaks and tabs', () => {
    expect(printable({ a: ['x\x00y\x1b'], 'k\x7f': 'line\n\tnext' })).toEqual({
      a: ['x\\x00y\\x1b'],
      'k\\x7f': 'line\n\tnext',
    });
  });
});
