import path from 'node:path';
import v8 from 'node:v8';
import { SPEC_PATH } from '../kit/contract/contract';
import type { MockServer } from '../mocks/src/server';
import { CliError, parseCliArgs, USAGE } from './mock-args';
import type { CliSettings } from './mock-args';
import { builtinFixturesPath } from '../mocks/src/fixtures/fixtures-paths';
import { hashKey } from '../mocks/src/fixtures/hash-key';
import { buildMock } from '../mocks/src/watch/build-mock';
import { ReloadableMock } from '../mocks/src/watch/reloadable-mock';
import { describeWatchEvent, startWatching } from '../mocks/src/watch/start-watching';
import type { FileWatcher } from '../mocks/src/watch/watch-files';
import { isLoopbackHost } from '../mocks/src/loopback-host';

// The mock is a dev tool running beside the app under test, so V8 may grow the heap by only 20%
// over what survived the last full GC instead of its default (which assumes a 4 GB limit on this
// kind of machine): peak RSS under load falls from about 210 to 150 MB for some 10% more CPU on
// the cheapest requests. V8 reads this factor at every GC, so setting it at run time works;
// it is set here, in the process entry, because it applies to the whole process.
v8.setFlagsFromString('--heap-growing-percent=20');

function banner(mock: MockServer, baseUrl: string, settings: CliSettings): string {
  const keys = mock.store.fixtures.keys.map(
    (k) =>
      `  ${k.key.padEnd(22)} ${(k.management ? 'management' : 'ordinary').padEnd(10)} hash ${hashKey(k.key).slice(0, 16)}…  ${k.label}`,
  );
  return [
    `Model Gateway mock listening on ${baseUrl}`,
    `Fixtures: ${settings.fixturesPath ?? 'built-in'}; admin: ${new URL(baseUrl).origin}/__mock/state`,
    'Demo keys (Authorization: Bearer <key>):',
    ...keys,
    `Try: curl -s ${baseUrl}/model/openai/gpt-4o -H 'Authorization: Bearer sk-mock-user'`,
  ].join('\n');
}

async function main(): Promise<number> {
  const settings = parseCliArgs(process.argv.slice(2), process.env);
  if (settings.help) {
    console.log(USAGE);
    return 0;
  }
  const started = performance.now();
  // One build function for the start and for every `--watch` reload: spec and fixtures from disk.
  const build = (): MockServer =>
    buildMock({
      fixturesPath: settings.fixturesPath,
      checkEverySchema: settings.watch,
      options: {
        bodyLimitBytes: settings.bodyLimitBytes,
        validateResponses: settings.validateResponses,
        pacing: { firstTokenDelayMs: settings.firstTokenDelayMs, tokensPerSecond: settings.tokensPerSecond },
        adminRequiresManagementKey: !isLoopbackHost(settings.host),
        // Internal errors are printed even with --quiet: a 500 says "see the mock's log".
        log: (line) => console.error(line),
      },
    });
  const mock = new ReloadableMock(build());
  let baseUrl: string;
  try {
    baseUrl = await mock.listen(settings.port, settings.host);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new CliError(
        `port ${settings.port} on ${settings.host} is already in use: pass --port N (or PORT=N), or stop the other server`,
      );
    throw new CliError(`cannot listen on ${settings.host}:${settings.port}: ${(err as Error).message}`);
  }
  console.log(banner(mock.current, baseUrl, settings));
  const adminBase = baseUrl.replace(/\/api\/v1$/, '');
  console.log(
    `API reference: ${adminBase}/__mock/docs (built by \`npm run docs\`); spec: ${adminBase}/__mock/openapi.yaml, ${adminBase}/__mock/openapi.json`,
  );
  let watcher: FileWatcher | undefined;
  if (settings.watch) {
    const files = [SPEC_PATH, path.resolve(settings.fixturesPath ?? builtinFixturesPath())];
    watcher = startWatching({ mock, files, build, report: (event) => console.error(describeWatchEvent(event)) });
    console.log(
      `Watching ${files.map((file) => path.relative(process.cwd(), file) || file).join(' and ')}: the mock reloads when they change.`,
    );
  }
  if (!settings.quiet) console.log(`Ready in ${Math.round(performance.now() - started)} ms. Ctrl-C stops.`);

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string): void => {
      if (stopping) return;
      stopping = true;
      if (!settings.quiet) console.log(`${signal}: finishing in-flight requests, then exiting`);
      watcher?.close();
      mock.close().then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    // Configuration problems get one clear line, not a stack trace.
    const known = err instanceof CliError || (err instanceof Error && /Fixtures|Contract/.test(err.name));
    console.error(known ? `mock: ${(err as Error).message}` : err);
    if (err instanceof CliError) console.error('Run `npm start -- --help` for the options.');
    process.exit(known ? 2 : 1);
  },
);
