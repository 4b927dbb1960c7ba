/**
 * Readable messages for error envelopes the mock makes up (a scenario's default body, a generated
 * `Prefer: dynamic=true` error): what a UI would
 * show its user, worded as a gateway would. A status not listed gets a general sentence.
 */
const MESSAGES: Readonly<Record<number, string>> = {
  400: 'The request could not be processed. Check its parameters and try again.',
  401: 'The API key is missing, invalid or revoked.',
  402: 'Your account has run out of credits. Add credits and try again.',
  403: 'This request is not allowed for this API key.',
  404: 'The requested resource was not found.',
  408: 'The request took too long to arrive. Try again.',
  409: 'The request conflicts with the current state. Try again.',
  413: 'The request is too large.',
  422: 'The request could not be understood. Check its parameters.',
  429: 'Rate limit exceeded. Wait a moment and try again.',
  500: 'The gateway had an internal error. Try again.',
  502: 'The upstream provider returned an invalid answer. Try again.',
  503: 'The service is temporarily unavailable. Try again shortly.',
  504: 'The upstream provider took too long to answer. Try again.',
  524: 'The upstream provider timed out. Try again.',
  529: 'The upstream provider is overloaded. Try again shortly.',
};

export function errorMessageFor(status: number): string {
  return (
    MESSAGES[status] ??
    (status >= 500
      ? `The gateway failed with status ${status}. Try again.`
      : `The request failed with status ${status}.`)
  );
}
