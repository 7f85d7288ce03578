// A catalog record as a new library document: the bibliographic fields both share are
// copied; catalog-only fields (reader statistics, link, file flags) stay behind.
import { documentFieldSchemas } from '../../../shared/schemas/document.ts';
import type { CatalogDocument } from '../../../shared/schemas/catalog.ts';
import type { NewDocument } from '../replica/index.ts';

const DOCUMENT_FIELDS = new Set(Object.keys(documentFieldSchemas));

export function documentFromCatalog(record: CatalogDocument): NewDocument {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record)) {
    if (DOCUMENT_FIELDS.has(name) && value !== undefined && value !== null) fields[name] = value;
  }
  return { ...fields, title: record.title } as NewDocument;
}

/** The name a fetched open-access file gets in the library: the catalog's, or one from the title. */
export function attachedFileName(record: CatalogDocument, serviceName: string | undefined, mimeType: string): string {
  if (serviceName?.trim()) return serviceName.trim().slice(0, 255);
  const extension = mimeType === 'application/pdf' ? '.pdf' : '';
  const stem = `${record.year ?? ''}${record.year ? '-' : ''}${record.title}`.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 200);
  return `${stem || 'document'}${extension}`;
}
