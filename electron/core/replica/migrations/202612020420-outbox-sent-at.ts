// sent_at: when a trash, restore, link or unlink was first sent. Until then its opposite
// cancels it in the outbox (outbox.ts); once sent, the service may already hold it (the reply
// can be lost), so the opposite must be pushed after it instead. Adds the column only when it
// is missing, so running it again (a file rewound to an older schema version) is harmless.
import type { Db } from '../database.ts';

export function migrate(db: Db): void {
  const present = (db.pragma('table_info(outbox)') as { name: string }[]).some((c) => c.name === 'sent_at');
  if (!present) db.exec('ALTER TABLE outbox ADD COLUMN sent_at TEXT');
}
