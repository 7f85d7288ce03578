// Reading and writing one editable field of any kind of row, for conflict resolution and
// for the sync engine's merges.
import { DOCUMENT_FIELD_NAMES } from '../../../shared/schemas/document.ts';
import type { Db } from './database.ts';
import { ANNOTATION_EDITABLE_FIELDS, readAnnotationRow, toLocalAnnotation, writeAnnotation } from './annotationRows.ts';
import { readDocumentRow, storedDocument, writeDocument } from './documentRows.ts';
import { invalid, notFound } from './errors.ts';
import { readFolderRow } from './folderRows.ts';
import { reindexDocument } from './searchIndex.ts';
import { now, stmt } from './statements.ts';
import type { EntityKind, LocalAnnotation } from './types.ts';
import { validate } from './validation.ts';

export const EDITABLE_FIELDS: Record<EntityKind, readonly string[]> = {
  document: DOCUMENT_FIELD_NAMES,
  folder: ['name', 'parent_id'],
  annotation: ANNOTATION_EDITABLE_FIELDS,
  file: [],
};

function requireEditable(kind: EntityKind, field: string): void {
  if (!EDITABLE_FIELDS[kind].includes(field)) throw invalid(`${field} is not an editable field of a ${kind}`, field);
}

/** The current local value of a field (undefined when absent). */
export function readField(db: Db, kind: EntityKind, id: string, field: string): unknown {
  requireEditable(kind, field);
  if (kind === 'document') {
    const row = readDocumentRow(db, id);
    if (!row) throw notFound('Document', id);
    return (storedDocument(row).data as Record<string, unknown>)[field];
  }
  if (kind === 'folder') {
    const row = readFolderRow(db, id);
    if (!row) throw notFound('Folder', id);
    return (row as unknown as Record<string, unknown>)[field] ?? undefined;
  }
  const row = readAnnotationRow(db, id);
  if (!row) throw notFound('Annotation', id);
  return (toLocalAnnotation(row) as unknown as Record<string, unknown>)[field];
}

/** Sets a field (null or undefined clears it), validated like a local edit; no outbox entry. */
export function writeField(db: Db, kind: EntityKind, id: string, field: string, value: unknown): void {
  requireEditable(kind, field);
  const patch = { [field]: value ?? null };
  if (kind === 'document') {
    validate('document update', patch);
    const row = readDocumentRow(db, id);
    if (!row) throw notFound('Document', id);
    const stored = storedDocument(row);
    const data: Record<string, unknown> = { ...stored.data, [field]: value };
    if (value === null || value === undefined) delete data[field];
    writeDocument(db, { ...stored, data, modified_local: now() });
    reindexDocument(db, id);
  } else if (kind === 'folder') {
    validate('folder update', patch);
    if (!readFolderRow(db, id)) throw notFound('Folder', id);
    stmt(db, `UPDATE folders SET ${field === 'name' ? 'name' : 'parent_id'} = ? WHERE id = ?`).run(value ?? null, id);
  } else {
    validate('annotation update', patch);
    const row = readAnnotationRow(db, id);
    if (!row) throw notFound('Annotation', id);
    const next: Record<string, unknown> = { ...toLocalAnnotation(row), [field]: value };
    if (value === null || value === undefined) delete next[field];
    writeAnnotation(db, next as unknown as LocalAnnotation, row.added_local, now());
    reindexDocument(db, row.document_id);
  }
}
