import path from 'node:path';
import { SPEC_PATH } from '../kit/contract/contract';
import { displayPath } from '../kit/files/display-path';
import type { MockServer } from '../mocks/index';
import { builtinFixturesPath } from '../mocks/index';
import { hashKey } from '../mocks/index';
import { loadMockFromFiles } from '../mocks/index';
import { ReloadableMock } from '../mocks/index';
import { describeWatchEvent, startWatching } from '../mocks/index';
import type { FileWatcher } from '../mocks/index';
import { isLoopbackHost } from '../mocks/index';
import type { CliSettings } from './mock-args';
import { listenOrExplain } from './listen-or-explain';
import { untilStopSignal } from './stop-signal';
import { followStreamLoad } from './heap-growth';

function banner(mock: MockServer, baseUrl: string, settings: CliSettings): string {
  const keys = mock.store.fixtures.keys.map(
    (k) =>
      `  ${k.key.padEnd(22)} ${(k.management ? 'management' : 'ordinary').padEnd(10)} hash ${hashKey(k.key, mock.store.sha256).slice(0, 16)}…  ${k.label}`,
  );
  return [
    `Model Gateway mock listening on ${baseUrl}`,
    `Fixtures: ${settings.fixturesPath ?? 'built-in'}; admin: ${new URL(baseUrl).origin}/__mock/state`,
    ...(settings.scriptsPath === undefined ? [] : [`Scripts: ${settings.scriptsPath} (tried first)`]),
    ...(settings.specPath === undefined ? [] : [`Spec: ${settings.specPath}`]),
    'Demo keys (Authorization: Bearer <key>):',
    ...keys,
    `Try: curl -s ${baseUrl}/model/openai/gpt-4o -H 'Authorization: Bearer sk-mock-user'`,
  ].join('\n');
}

/** `model-gateway-mock` without --proxy: serves the mock until SIGINT or SIGTERM; resolves to the exit status. */
export async function serveMock(settings: CliSettings): Promise<number> {
  const started = performance.now();
  const specPath = settings.specPath ?? SPEC_PATH;
  // One build function for the start and for every `--watch` reload: spec and fixtures from disk.
  const build = (): MockServer =>
    loadMockFromFiles({
      specPath,
      fixturesPath: settings.fixturesPath,
      scriptsPath: settings.scriptsPath,
      checkEverySchema: settings.watch,
      options: {
        bodyLimitBytes: settings.bodyLimitBytes,
        validateResponses: settings.validateResponses,
        journalLimit: settings.journalLimit,
        journalAdmin: settings.journalAdmin,
        pacing: { firstTokenDelayMs: settings.firstTokenDelayMs, tokensPerSecond: settings.tokensPerSecond },
        adminRequiresManagementKey: !isLoopbackHost(settings.host),
        replayPace: settings.fastReplay ? 'fast' : 'recorded',
        strictReplay: settings.strictReplay,
        // Internal errors are printed even with --quiet: a 500 says "see the mock's log".
        log: (line) => console.error(line),
      },
    });
  const mock = new ReloadableMock(build());
  const baseUrl = await listenOrExplain(() => mock.listen(settings.port, settings.host), settings);
  console.log(banner(mock.current, baseUrl, settings));
  const adminBase = new URL(baseUrl).origin;
  console.log(
    `API reference: ${adminBase}/__mock/docs; spec: ${adminBase}/__mock/openapi.yaml, ${adminBase}/__mock/openapi.json`,
  );
  let watcher: FileWatcher | undefined;
  if (settings.watch) {
    const files = [
      specPath,
      path.resolve(settings.fixturesPath ?? builtinFixturesPath()),
      ...(settings.scriptsPath === undefined ? [] : [path.resolve(settings.scriptsPath)]),
    ];
    watcher = startWatching({ mock, files, build, report: (event) => console.error(describeWatchEvent(event)) });
    console.log(`Watching ${files.map(displayPath).join(', ')}: the mock reloads when they change.`);
  }
  if (!settings.quiet) console.log(`Ready in ${Math.round(performance.now() - started)} ms. Ctrl-C stops.`);

  // The heap's growth follows the number of open streams (heap-growth.ts).
  const stopFollowingStreams = followStreamLoad(() => mock.current.runningStreams());
  const signal = await untilStopSignal();
  if (!settings.quiet) console.log(`${signal}: finishing in-flight requests, then exiting`);
  watcher?.close();
  try {
    await mock.close();
    return 0;
  } catch {
    return 1;
  } finally {
    stopFollowingStreams();
  }
}
