import type { Exchange } from '../engine/types';
import type { PreflightFinding } from './preflight-finding';

/**
 * The API key's answers of one preflight that refuse it with 401 while another operation accepted
 * it. 401 means missing or invalid credentials (#/components/responses/Unauthorized), and one key
 * cannot be both valid and invalid: such a refusal is the gateway's defect, not a bad key (exit 2).
 * A 403 (the key may not do this, #/components/responses/Forbidden) can be a narrower key's right
 * answer, and a key every operation refuses is a bad setting: both stay the preflight's to report.
 */
export function contradictedRefusals(keyAnswers: readonly Exchange[]): Array<[Exchange, PreflightFinding]> {
  const accepted = keyAnswers.find((exchange) => {
    const status = exchange.response?.status;
    return status !== undefined && status !== 401 && status !== 403;
  });
  if (accepted === undefined) return [];
  return keyAnswers
    .filter((exchange) => exchange.response?.status === 401)
    .map((exchange) => [
      exchange,
      {
        check: 'auth-required',
        family: 'auth',
        rule: '#/components/responses/Unauthorized',
        finding: {
          message: `${exchange.request.method} ${exchange.url} refused the API key with 401, which ${accepted.request.method} ${accepted.url} accepted (${String(accepted.response?.status)})`,
          expected: '401 only for a missing or invalid key: a key one operation accepts is valid for the others',
          cause: 'a valid API key refused with 401 by some operations and accepted by others',
        },
      },
    ]);
}
