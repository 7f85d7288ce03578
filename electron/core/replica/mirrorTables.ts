// Tables that mirror fields inside documents.data: document_tags (migration 0002) and
// document_identifiers (migration 0006). Triggers keep them true row by row. A bulk load
// (bulkLoad.ts) drops the triggers with the sort indexes: firing them parsed each row's JSON
// in SQL four times, and rebuilding both tables at the end read every row twice more (2 s
// of a 100,000-document first sync). While they are absent the code that writes a document
// works out its mirror rows from the object it already holds (holdMirrorRowsOfNew,
// rewriteHeldMirrorRows); a load resumed after a restart rebuilds both tables instead.
import type { DocumentFields } from '../../../shared/schemas/document.ts';
import type { Db } from './database.ts';
import { identifierKey } from './identifierKeys.ts';
import { afterCommit, stmt } from './statements.ts';

// The trigger texts are exactly those the migrations create (a test compares them); a
// migration that changes one changes it here too.
export const MIRROR_TRIGGERS: ReadonlyArray<readonly [name: string, sql: string]> = [
  ['document_tags_on_insert', `CREATE TRIGGER document_tags_on_insert AFTER INSERT ON documents
WHEN json_type(NEW.data, '$.tags') = 'array'
BEGIN
  INSERT OR IGNORE INTO document_tags (tag, document_id)
    SELECT value, NEW.id FROM json_each(NEW.data, '$.tags') WHERE type = 'text' AND value <> '';
END`],
  ['document_tags_on_update', `CREATE TRIGGER document_tags_on_update AFTER UPDATE OF data ON documents
WHEN json_extract(OLD.data, '$.tags') IS NOT json_extract(NEW.data, '$.tags')
BEGIN
  DELETE FROM document_tags WHERE document_id = NEW.id;
  INSERT OR IGNORE INTO document_tags (tag, document_id)
    SELECT value, NEW.id FROM json_each(NEW.data, '$.tags') WHERE type = 'text' AND value <> '';
END`],
  ['document_identifiers_on_insert', `CREATE TRIGGER document_identifiers_on_insert AFTER INSERT ON documents
WHEN json_type(NEW.data, '$.identifiers') = 'object'
BEGIN
  INSERT OR IGNORE INTO document_identifiers (key, document_id)
    SELECT k, NEW.id FROM (SELECT identifier_key(key, value, NEW.type) AS k FROM json_each(NEW.data, '$.identifiers') WHERE type = 'text')
    WHERE k IS NOT NULL;
END`],
  ['document_identifiers_on_update', `CREATE TRIGGER document_identifiers_on_update AFTER UPDATE OF data, type ON documents
WHEN json_extract(OLD.data, '$.identifiers') IS NOT json_extract(NEW.data, '$.identifiers') OR OLD.type IS NOT NEW.type
BEGIN
  DELETE FROM document_identifiers WHERE document_id = NEW.id;
  INSERT OR IGNORE INTO document_identifiers (key, document_id)
    SELECT k, NEW.id FROM (SELECT identifier_key(key, value, NEW.type) AS k FROM json_each(NEW.data, '$.identifiers') WHERE type = 'text')
    WHERE k IS NOT NULL;
END`],
];

/** Both tables rebuilt from the documents, as the migrations first filled them. */
export const REBUILD_MIRRORS = `
DELETE FROM document_tags;
INSERT OR IGNORE INTO document_tags (tag, document_id)
  SELECT t.value, d.id FROM documents d, json_each(d.data, '$.tags') t
  WHERE json_type(d.data, '$.tags') = 'array' AND t.type = 'text' AND t.value <> '';
DELETE FROM document_identifiers;
INSERT OR IGNORE INTO document_identifiers (key, document_id)
  SELECT k, id FROM (SELECT identifier_key(j.key, j.value, d.type) AS k, d.id AS id
                     FROM documents d, json_each(d.data, '$.identifiers') j
                     WHERE json_type(d.data, '$.identifiers') = 'object' AND j.type = 'text')
  WHERE k IS NOT NULL;
`;

/** A document's mirror rows as the triggers make them: its tags (text, not empty) and identifier keys. */
function mirrorRowsOf(type: string, data: DocumentFields): { tags: string[]; keys: string[] } {
  const tags: string[] = [];
  const keys: string[] = [];
  const { tags: listed, identifiers } = data as { tags?: unknown; identifiers?: unknown };
  if (Array.isArray(listed)) for (const tag of listed) if (typeof tag === 'string' && tag !== '') tags.push(tag);
  if (identifiers && typeof identifiers === 'object' && !Array.isArray(identifiers)) {
    for (const [kind, value] of Object.entries(identifiers)) {
      const key = typeof value === 'string' ? identifierKey(kind, value, type) : null;
      if (key) keys.push(key);
    }
  }
  return { tags, keys };
}

// The mirror rows of the documents a bulk load inserts are held here, by document, and
// written in key order when it finishes: keeping the two tables' indexes row by row rewrote
// scattered index pages at every commit (2.8 s at 100,000 documents, more than rebuilding).
// Rows are held only once the transaction that wrote their document commits, so a
// rolled-back page takes its rows with it; a crash takes them all, and the load then
// rebuilds both tables when it finishes (bulkLoad.ts).
const held = new WeakMap<Db, Map<string, { tags: string[]; keys: string[] }>>();

/** From now on, until writeHeldMirrorRows, documents written keep their mirror rows here. */
export function holdMirrorRows(db: Db): void {
  if (!held.has(db)) held.set(db, new Map());
}

/** The mirror rows of a document just inserted, held (when this connection holds them). */
export function holdMirrorRowsOfNew(db: Db, id: string, type: string, data: DocumentFields): void {
  const rows = held.get(db);
  if (!rows) return;
  const mirror = mirrorRowsOf(type, data);
  if (mirror.tags.length || mirror.keys.length) afterCommit(db, () => rows.set(id, mirror));
}

/**
 * The mirror rows of a document rewritten (when this connection holds them): its old ones go.
 * Written to the tables at once rather than held: a document created here during the load
 * may be renamed to the service's id (remapId.ts), which the tables follow by ON UPDATE
 * CASCADE and a map keyed by the old id would not. Rare during a load, so not worth holding.
 */
export function rewriteHeldMirrorRows(db: Db, id: string, type: string, data: DocumentFields): void {
  const rows = held.get(db);
  if (!rows) return;
  stmt(db, 'DELETE FROM document_tags WHERE document_id = ?').run(id);
  stmt(db, 'DELETE FROM document_identifiers WHERE document_id = ?').run(id);
  const { tags, keys } = mirrorRowsOf(type, data);
  for (const tag of tags) stmt(db, 'INSERT OR IGNORE INTO document_tags (tag, document_id) VALUES (?, ?)').run(tag, id);
  for (const key of keys) stmt(db, 'INSERT OR IGNORE INTO document_identifiers (key, document_id) VALUES (?, ?)').run(key, id);
  afterCommit(db, () => rows.delete(id));
}

/**
 * Writes the held rows into the mirror tables in key order, but those of documents deleted
 * since, and stops holding. Answers false when nothing was held on this connection (a load
 * begun before a restart): then the tables must be rebuilt.
 */
export function writeHeldMirrorRows(db: Db): boolean {
  const rows = held.get(db);
  if (!rows) return false;
  held.delete(db);
  const tags: [string, string][] = [];
  const keys: [string, string][] = [];
  for (const [id, mirror] of rows) {
    for (const tag of mirror.tags) tags.push([tag, id]);
    for (const key of mirror.keys) keys.push([key, id]);
  }
  const write = (table: string, column: string, pairs: [string, string][]) => {
    stmt(db, `INSERT OR IGNORE INTO ${table} (${column}, document_id)
      SELECT value ->> 0, value ->> 1 FROM json_each(?) WHERE EXISTS (SELECT 1 FROM documents WHERE id = value ->> 1) ORDER BY 1, 2`).run(JSON.stringify(pairs));
  };
  write('document_tags', 'tag', tags);
  write('document_identifiers', 'key', keys);
  return true;
}
