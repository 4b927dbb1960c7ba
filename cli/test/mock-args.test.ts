import { CLI_OPTIONS, CliError, parseCliArgs, USAGE } from '../mock-args';
import { FIRST_TOKEN_DELAY_HEADER, PACES, TOKENS_PER_SECOND_HEADER } from '../../mocks/src/exchange/stream/pacing';
import { FAIL_AFTER_TOKENS_HEADER } from '../../mocks/src/exchange/stream/stream-failures';

describe('npm start -- --help', () => {
  it.each(Object.keys(CLI_OPTIONS))('documents the --%s flag', (name) => {
    expect(USAGE).toMatch(new RegExp(`^\\s+(-\\w, )?--${name}\\b`, 'm'));
  });

  it.each([FIRST_TOKEN_DELAY_HEADER, TOKENS_PER_SECOND_HEADER, FAIL_AFTER_TOKENS_HEADER, 'Prefer'])(
    'documents the %s request header',
    (header) => {
      expect(USAGE).toContain(`${header}:`);
    },
  );

  it('says what happens to streams at shutdown', () => {
    expect(USAGE).toMatch(/SIGTERM.*\n.*response\.failed/);
  });
});

describe('parseCliArgs', () => {
  it('takes flags over the environment over defaults', () => {
    expect(parseCliArgs([], {})).toMatchObject({ port: 4010, host: '127.0.0.1', quiet: false, watch: false });
    expect(parseCliArgs([], { PORT: '5000', HOST: '0.0.0.0' })).toMatchObject({ port: 5000, host: '0.0.0.0' });
    expect(parseCliArgs(['--port', '6000', '--quiet'], { PORT: '5000' })).toMatchObject({ port: 6000, quiet: true });
  });

  it('reads --version and -v', () => {
    expect(parseCliArgs(['--version'], {}).version).toBe(true);
    expect(parseCliArgs(['-v'], {}).version).toBe(true);
    expect(parseCliArgs([], {}).version).toBe(false);
  });

  it.each([
    ['an unknown flag', ['--prot', '1']],
    ['a port out of range', ['--port', '70000']],
    ['a pacing flag that is not a number', ['--tokens-per-second', 'fast']],
  ])('refuses %s with a CliError', (_name, argv) => {
    expect(() => parseCliArgs(argv, {})).toThrow(CliError);
  });

  it.each([
    ['--record without --proxy', ['--record', 'r.json'], '--record applies to proxy mode only: add --proxy URL'],
    ['--redact without --proxy', ['--redact', 'x'], '--redact applies to proxy mode only: add --proxy URL'],
    [
      '--strict-replay without --scripts',
      ['--strict-replay'],
      '--strict-replay replays the recordings of a scripts file',
    ],
    ['--fast-replay with --proxy', ['--proxy', 'http://gw.test/api/v1', '--fast-replay'], 'leave out --fast-replay'],
  ])('refuses %s, saying what to do', (_name, argv, message) => {
    expect(() => parseCliArgs(argv, {})).toThrow(message);
  });

  it('reads --pace human as its pacing, each part of which the two pacing flags override', () => {
    expect(parseCliArgs(['--pace', 'human'], {})).toMatchObject(PACES.human);
    expect(parseCliArgs(['--pace', 'human', '--tokens-per-second', '40'], {})).toMatchObject({
      firstTokenDelayMs: PACES.human.firstTokenDelayMs,
      tokensPerSecond: 40,
    });
    expect(parseCliArgs([], {})).toMatchObject({ firstTokenDelayMs: undefined, tokensPerSecond: undefined });
  });

  it('refuses a pace it does not know, naming the ones it does', () => {
    expect(() => parseCliArgs(['--pace', 'slow'], {})).toThrow('--pace must be one of human; got "slow"');
    expect(() => parseCliArgs(['--proxy', 'http://gw.test/api/v1', '--pace', 'human'], {})).toThrow('leave out --pace');
  });

  it('reads how much of the traffic the proxy keeps, 1,000 exchanges and 20 per cause by default', () => {
    expect(parseCliArgs(['--proxy', 'http://gw.test/api/v1'], {}).keep).toEqual({
      exchanges: 1000,
      examplesPerCause: 20,
    });
    expect(
      parseCliArgs(['--proxy', 'http://gw.test/api/v1', '--keep-exchanges', '0', '--keep-examples', '5'], {}).keep,
    ).toEqual({ exchanges: 0, examplesPerCause: 5 });
    expect(() => parseCliArgs(['--keep-exchanges', '10'], {})).toThrow('--keep-exchanges applies to proxy mode only');
    expect(() => parseCliArgs(['--proxy', 'http://gw.test/api/v1', '--keep-examples', '0'], {})).toThrow(
      '--keep-examples must be between 1 and',
    );
  });

  it('reads the recording and replay flags', () => {
    expect(
      parseCliArgs(['--proxy', 'http://gw.test/api/v1', '--record', 'r.json', '--redact', 'a', '--redact', 'b'], {}),
    ).toMatchObject({ recordPath: 'r.json', redact: ['a', 'b'] });
    expect(parseCliArgs(['--proxy', 'http://gw.test/api/v1', '--redact', 'x-tenant'], {})).toMatchObject({
      recordPath: undefined,
      redact: ['x-tenant'],
    });
    expect(parseCliArgs(['--scripts', 's.json', '--strict-replay', '--fast-replay'], {})).toMatchObject({
      scriptsPath: 's.json',
      strictReplay: true,
      fastReplay: true,
    });
  });
});
