import type { components } from '../../../generated/openapi';

/** Every error body: the ErrorEnvelope schema of spec/openapi.yaml. */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

/**
 * The one error type of the mock's data path. Any stage throws it; one place
 * (`send.ts`) turns it into the spec's ErrorEnvelope.
 */
export interface GatewayErrorOptions {
  /** `error.metadata` (ErrorObject; for a guardrail block GuardrailBlockError's `patterns`). */
  readonly metadata?: ErrorEnvelope['error']['metadata'];
  /** Top-level `service_metadata` (ServiceMetadata), present only when the caller opted in (XServiceMetadata). */
  readonly serviceMetadata?: ErrorEnvelope['service_metadata'];
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The error answers one of the mock's own controls (the `Prefer` header), not the API: the spec
   * does not describe it (a 501 where Prism is not at hand), so the test-mode response check skips it.
   */
  readonly mockControl?: boolean;
}

export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  constructor(
    readonly status: number,
    message: string,
    readonly options: GatewayErrorOptions = {},
  ) {
    super(message);
  }
}

/** ErrorObject.code: always equal to the HTTP status. */
export function toEnvelope(error: GatewayError, userId?: string | null): ErrorEnvelope {
  const envelope: ErrorEnvelope = { error: { code: error.status, message: error.message } };
  if (error.options.metadata !== undefined) envelope.error.metadata = error.options.metadata;
  if (error.options.serviceMetadata !== undefined) envelope.service_metadata = error.options.serviceMetadata;
  if (userId !== undefined) envelope.user_id = userId;
  return envelope;
}

/**
 * The one writer of an error's body: the spec's ErrorEnvelope (components/schemas/ErrorEnvelope)
 * as sent, by the mock's stages, its queued scenarios, its node server and the proxy alike.
 */
export function errorEnvelopeJson(error: GatewayError, userId?: string | null): string {
  return JSON.stringify(toEnvelope(error, userId));
}
