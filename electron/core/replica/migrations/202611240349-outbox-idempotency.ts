// Outbox entries that survive faults. idempotency_key: written with every create in the same
// transaction as the local edit, sent as the Idempotency-Key header, so a create resent after
// a lost reply or a crash is answered with the object made the first time. sent_body and
// sent_revision: the body of a create as first sent; a resend must send the same body under
// the same key (later edits go out as an update). held_at: a push the service refused (a 4xx
// that retrying cannot cure) is out of the retry loop until the person decides.
export const sql = `
ALTER TABLE outbox ADD COLUMN idempotency_key TEXT;
ALTER TABLE outbox ADD COLUMN sent_body TEXT CHECK (sent_body IS NULL OR json_valid(sent_body));
ALTER TABLE outbox ADD COLUMN sent_revision INTEGER;
ALTER TABLE outbox ADD COLUMN held_at TEXT;
`;
