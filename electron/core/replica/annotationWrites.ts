// Local edits of annotations (notes, sticky notes, highlights): the row, the document's
// search entry (notes and annotation text are searchable) and the outbox, in one transaction.
import { DEFAULT_HIGHLIGHT_COLOR, DEFAULT_PRIVACY_LEVEL, type AnnotationCreate, type AnnotationPatch } from '../../../shared/schemas/annotation.ts';
import type { Db } from './database.ts';
import { keepBaseCopy } from './baseCopies.ts';
import { inferKind, kindProblem } from '../../../shared/annotations/annotationKinds.ts';
import { ANNOTATION_EDITABLE_FIELDS, readAnnotationRow, toLocalAnnotation, writeAnnotation, type AnnotationRow } from './annotationRows.ts';
import { readDocumentRow } from './documentRows.ts';
import { invalid, notFound } from './errors.ts';
import { newLocalId } from './ids.ts';
import { forgetBookkeeping } from './localRecords.ts';
import { recordCreate, recordDelete, recordUpdate } from './outbox.ts';
import { reindexDocument } from './searchIndex.ts';
import { inTransaction, now, stmt } from './statements.ts';
import type { LocalAnnotation } from './types.ts';
import { validate } from './validation.ts';

export type NewAnnotation = Omit<AnnotationCreate, 'id' | 'profile_id'>;

function requireAnnotation(db: Db, id: string): AnnotationRow {
  const row = readAnnotationRow(db, id);
  if (!row) throw notFound('Annotation', id);
  return row;
}

export function createAnnotation(db: Db, input: NewAnnotation): LocalAnnotation {
  validate('annotation create', input);
  return inTransaction(db, () => {
    const doc = readDocumentRow(db, input.document_id);
    if (!doc) throw notFound('Document', input.document_id);
    const time = now();
    const annotation: LocalAnnotation = {
      ...input,
      id: newLocalId(),
      type: input.type ?? inferKind(input),
      privacy_level: input.privacy_level ?? DEFAULT_PRIVACY_LEVEL,
    };
    if (annotation.type === 'highlight') annotation.color ??= DEFAULT_HIGHLIGHT_COLOR;
    if (doc.group_id !== null) annotation.group_id = doc.group_id;
    const problem = kindProblem(annotation.type, annotation);
    if (problem) throw invalid(`Invalid annotation: ${problem}`);
    if (annotation.type === 'note' && stmt(db, `SELECT 1 FROM annotations WHERE document_id = ? AND type = 'note'`).get(input.document_id)) {
      throw invalid('Invalid annotation: this document already has a note; edit that one');
    }
    writeAnnotation(db, annotation, time, time);
    reindexDocument(db, annotation.document_id);
    recordCreate(db, 'annotation', annotation.id);
    return toLocalAnnotation(readAnnotationRow(db, annotation.id)!);
  });
}

export function updateAnnotation(db: Db, id: string, patch: AnnotationPatch): LocalAnnotation {
  validate('annotation update', patch);
  return inTransaction(db, () => {
    const row = requireAnnotation(db, id);
    const current = toLocalAnnotation(row);
    const next: Record<string, unknown> = { ...current };
    const changed: string[] = [];
    for (const field of ANNOTATION_EDITABLE_FIELDS) {
      if (!(field in patch)) continue;
      const value = (patch as Record<string, unknown>)[field];
      if (JSON.stringify(next[field] ?? null) === JSON.stringify(value ?? null)) continue;
      if (value === null || value === undefined) delete next[field];
      else next[field] = value;
      changed.push(field);
    }
    if (changed.length === 0) return current;
    const problem = kindProblem(current.type, next as unknown as LocalAnnotation);
    if (problem) throw invalid(`Invalid annotation: ${problem}`);
    keepBaseCopy(db, 'annotation', id);
    writeAnnotation(db, next as unknown as LocalAnnotation, row.added_local, now());
    reindexDocument(db, row.document_id);
    recordUpdate(db, 'annotation', id, changed, row.last_modified);
    return toLocalAnnotation(readAnnotationRow(db, id)!);
  });
}

export function deleteAnnotation(db: Db, id: string): void {
  inTransaction(db, () => {
    const row = requireAnnotation(db, id);
    recordDelete(db, 'annotation', id, row.last_modified);
    forgetBookkeeping(db, 'annotation', id);
    stmt(db, 'DELETE FROM annotations WHERE id = ?').run(id);
    reindexDocument(db, row.document_id);
  });
}

export function listAnnotations(db: Db, documentId: string): LocalAnnotation[] {
  return (stmt(db, 'SELECT * FROM annotations WHERE document_id = ? ORDER BY added_local, id').all(documentId) as AnnotationRow[]).map(toLocalAnnotation);
}
