// Public ids for rows written by a bulk load: UUIDs in the version 7 layout (a millisecond
// timestamp first) whose remaining bits are fixed random bits and a counter, so each id
// sorts after the one before. The unique index on catalog_documents.id then grows at its
// right edge instead of taking a random page per row (with random UUIDs, a million rows
// dirty nearly every page of that index in every transaction).
import { randomBytes } from 'node:crypto';

export function orderedIds(now = Date.now()): () => string {
  const random = randomBytes(8).toString('hex');
  const head = `${now.toString(16).padStart(12, '0').slice(-12)}`;
  const middle = `${head.slice(0, 8)}-${head.slice(8)}-7${random.slice(0, 3)}-${'89ab'[parseInt(random[3]!, 16) & 3]}${random.slice(4, 7)}-`;
  // Starts below 2^40 so that 12 hex digits hold any number of rows a load can write.
  let counter = parseInt(random.slice(6, 16), 16);
  return () => `${middle}${(counter++).toString(16).padStart(12, '0')}`;
}
