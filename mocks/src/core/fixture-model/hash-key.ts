import type { Sha256 } from '../../exchange/util/sha256';
import { portableSha256 } from '../../exchange/util/sha256';
import { bytesToHex } from '../../exchange/util/hex';

/**
 * The hash that identifies an API key in guardrail assignments (UnassignKeysRequest.key_hashes):
 * lowercase hex SHA-256 of the key string.
 */
export function hashKey(key: string, sha256: Sha256 = portableSha256): string {
  return bytesToHex(sha256(key));
}
