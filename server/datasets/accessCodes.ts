// Random identifiers and secrets of the datasets area.
import { randomBytes, randomInt } from 'node:crypto';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Dataset ids are short (they appear in DOIs): 10 characters of [a-z0-9], about 51 bits. */
export function newDatasetId(): string {
  let id = '';
  for (let i = 0; i < 10; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/** Lets anyone holding it read a draft; replaced on every publish. */
export function newAccessCode(): string {
  return randomBytes(18).toString('base64url');
}

/** Lets other clients act for an author on one submission's datasets. */
export function newSubmissionToken(): string {
  return randomBytes(24).toString('base64url');
}
