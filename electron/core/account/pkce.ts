// PKCE (RFC 7636) with S256, and the state parameter that ties a callback to its request.
import { createHash, randomBytes } from 'node:crypto';

export interface PkcePair {
  verifier: string;
  challenge: string;
}

export function createPkcePair(): PkcePair {
  const verifier = randomBytes(48).toString('base64url'); // 64 characters, within 43..128
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export const randomState = (): string => randomBytes(24).toString('base64url');
