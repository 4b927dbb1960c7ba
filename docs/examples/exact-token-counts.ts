import { createHandlers } from 'model-gateway-mock/msw';

/** The mock with exact token counts: the tokenizer's ranks load on demand, as a chunk of their own. */
export function createExactHandlers() {
  return createHandlers({
    baseUrl: 'https://gateway.test/api/v1',
    tokenRanks: () => import('gpt-tokenizer/bpeRanks/o200k_base'),
  });
}
