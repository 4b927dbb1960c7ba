import { hash } from 'node:crypto';
import type { Sha256 } from '../../exchange/util/sha256';

/** node:crypto's one-shot SHA-256 (no Hash object per call), for the ids and key hashes of every request. */
export const nodeSha256: Sha256 = (text) => hash('sha256', text, 'buffer');
