// Base copies are kept only for rows with a change of their own waiting (baseCopies.ts):
// those of clean rows, which every earlier pull wrote, go. Harmless to run again.
export const sql = `
DELETE FROM base_copies
WHERE NOT EXISTS (SELECT 1 FROM outbox o WHERE o.kind = base_copies.kind AND o.entity_id = base_copies.id AND o.op NOT IN ('link', 'unlink'))
  AND NOT EXISTS (SELECT 1 FROM conflicts c WHERE c.kind = base_copies.kind AND c.id = base_copies.id AND c.field <> '$row');
`;
