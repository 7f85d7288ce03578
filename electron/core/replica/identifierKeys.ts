// The key a document's identifier is indexed under (document_identifiers, migration 0006):
// "kind:normal form" for the kinds that tell two records are the same work, else nothing.
import { identifiesWholeWork, normaliseIdentifier } from '../../../shared/identifiers/normalise.ts';
import type { Db } from './database.ts';

export const MATCHED_KINDS = ['doi', 'pmid', 'arxiv', 'isbn'] as const;

export function identifierKey(kind: string, value: unknown, type: string | undefined): string | null {
  if (typeof value !== 'string' || !(MATCHED_KINDS as readonly string[]).includes(kind) || !identifiesWholeWork(kind, type)) return null;
  const normal = normaliseIdentifier(kind, value);
  return normal ? `${kind}:${normal}` : null;
}

/** Makes identifier_key() known to SQLite on this connection (the triggers call it). */
export function registerIdentifierKey(db: Db): void {
  db.function('identifier_key', { deterministic: true }, (kind: unknown, value: unknown, type: unknown) =>
    identifierKey(String(kind), value, typeof type === 'string' ? type : undefined));
}
