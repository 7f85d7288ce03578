// A highlight's style (shared/schemas/annotation.ts): 'underline' or 'area', null for a
// highlighted text; it syncs like the colour. Adds the column only when it is missing, so
// running it again (a file rewound to an older schema version) is harmless.
import type { Db } from '../database.ts';

export function migrate(db: Db): void {
  const present = (db.pragma('table_info(annotations)') as { name: string }[]).some((c) => c.name === 'style');
  if (!present) db.exec(`ALTER TABLE annotations ADD COLUMN style TEXT CHECK (style IS NULL OR style IN ('underline', 'area'))`);
}
