import { RunningStreams } from '../../src/exchange/running-streams';

describe('RunningStreams', () => {
  it('ends every registered stream once, and none that was removed', () => {
    const streams = new RunningStreams();
    const ended: string[] = [];
    streams.add(() => ended.push('a'));
    const removeB = streams.add(() => ended.push('b'));
    streams.add(() => ended.push('c'));
    removeB();
    expect(streams.size).toBe(2);
    streams.endAll();
    streams.endAll();
    expect(ended).toEqual(['a', 'c']);
    expect(streams.size).toBe(0);
  });

  it('ends a stream added after endAll at once, and keeps nothing of it', () => {
    const streams = new RunningStreams();
    streams.endAll();
    let ended = false;
    streams.add(() => (ended = true));
    expect(ended).toBe(true);
    expect(streams.size).toBe(0);
  });
});
