// Outbox entries that survive faults. idempotency_key: written with every create in the same
// transaction as the local edit, sent as the Idempotency-Key header, so a create resent after
// a lost reply or a crash is answered with the object made the first time. sent_body and
// sent_revision: the body of a create as first sent; a resend must send the same body under
// the same key (later edits go out as an update). held_at: a push the service refused (a 4xx
// that retrying cannot cure) is out of the retry loop until the person decides.
// Adds only the columns that are missing, so running it again (a file rewound to an older
// schema version) is harmless.
import type { Db } from '../database.ts';

const COLUMNS: readonly [string, string][] = [
  ['idempotency_key', 'TEXT'],
  ['sent_body', 'TEXT CHECK (sent_body IS NULL OR json_valid(sent_body))'],
  ['sent_revision', 'INTEGER'],
  ['held_at', 'TEXT'],
];

export function migrate(db: Db): void {
  const present = new Set((db.pragma('table_info(outbox)') as { name: string }[]).map((c) => c.name));
  for (const [name, type] of COLUMNS) if (!present.has(name)) db.exec(`ALTER TABLE outbox ADD COLUMN ${name} ${type}`);
}
