import { reconnecting } from '../../http/reconnecting';

/** An attempt that fails with `errors` in turn, then resolves 'answer'; counts its calls. */
function attempts(...errors: unknown[]) {
  let calls = 0;
  const attempt = () => {
    const error = errors[calls++];
    return error === undefined ? Promise.resolve('answer') : Promise.reject(error);
  };
  return { attempt, calls: () => calls };
}

const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
const fetchReset = Object.assign(new TypeError('fetch failed'), {
  cause: { code: 'UND_ERR_SOCKET', message: 'other side closed' },
});

describe('reconnecting', () => {
  it('asks again after connections dropped before any answer, and resolves with the answer', async () => {
    const { attempt, calls } = attempts(reset, fetchReset);
    await expect(reconnecting(attempt)).resolves.toBe('answer');
    expect(calls()).toBe(3);
  });

  it('gives up after three fresh tries and throws the last drop', async () => {
    const { attempt, calls } = attempts(reset, reset, reset, fetchReset, reset);
    await expect(reconnecting(attempt)).rejects.toBe(fetchReset);
    expect(calls()).toBe(4);
  });

  it('does not ask again after other failures', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const badResponse = Object.assign(new TypeError('fetch failed'), {
      cause: { code: 'UND_ERR_SOCKET', message: 'bad response' },
    });
    for (const error of [refused, badResponse, new Error('no response within 10 ms')]) {
      const { attempt, calls } = attempts(error);
      await expect(reconnecting(attempt)).rejects.toBe(error);
      expect(calls()).toBe(1);
    }
  });

  it('does not ask again once the run stopped', async () => {
    const { attempt, calls } = attempts(reset);
    await expect(reconnecting(attempt, () => true)).rejects.toBe(reset);
    expect(calls()).toBe(1);
  });
});
