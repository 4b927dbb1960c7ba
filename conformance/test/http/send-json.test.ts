import { BrokenAnswerError } from '../../http/send-json';

describe('BrokenAnswerError', () => {
  it('names a connection that broke mid-body, with the bytes received and the socket error', () => {
    const cause = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    expect(new BrokenAnswerError(200, 'application/json', 10, cause).message).toBe(
      'the answer began (200 application/json) but the connection broke after 10 bytes of its body (ECONNRESET: aborted)',
    );
  });

  it('names a body too large to read as such, not as a broken connection', () => {
    const cause = Object.assign(new Error('Maximum response size reached'), { code: 'ETOOLARGE' });
    expect(new BrokenAnswerError(200, undefined, 200_000_123, cause).message).toBe(
      'the answer began (200) but its body went past the 200 MB the suite reads, and on',
    );
  });
});
