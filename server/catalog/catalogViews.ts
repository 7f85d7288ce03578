// Catalog documents as JSON for a view: core fields and link always; bib, client and stats
// fields as the view asks (shared/schemas/catalog.ts says which). Empty values are omitted.
import { CATALOG_VIEWS, fieldsOfCatalogView, type CatalogDocument, type CatalogView } from '../../shared/schemas/catalog.ts';
import { badRequest } from '../http/errors.ts';
import { rowFields, type CatalogRow } from './catalogFields.ts';
import type { CatalogStorage } from './catalogStorage.ts';

export function readCatalogView(value: unknown): CatalogView | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !(CATALOG_VIEWS as readonly string[]).includes(value)) throw badRequest('Invalid view');
  return value as CatalogView;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && value !== null && Object.keys(value).length === 0);

export interface ViewContext {
  stats: Pick<CatalogStorage, 'readerStats' | 'fileFacts'>;
  linkOf(id: string): string;
}

export async function catalogJson(row: CatalogRow, view: CatalogView | undefined, ctx: ViewContext): Promise<CatalogDocument> {
  const wanted = fieldsOfCatalogView(view);
  const fields = rowFields(row) as Record<string, unknown>;
  const out: Record<string, unknown> = { id: row.id };
  for (const name of wanted) {
    const value = fields[name];
    if (!isEmpty(value)) out[name] = value;
  }
  out.link = ctx.linkOf(row.id);
  if (wanted.has('file_attached') || wanted.has('has_pdf')) {
    const facts = await ctx.stats.fileFacts(row.seq);
    if (wanted.has('file_attached')) out.file_attached = facts.file_attached;
    if (wanted.has('has_pdf')) out.has_pdf = facts.has_pdf;
  }
  if (wanted.has('imported')) out.imported = row.imported === 1;
  if (wanted.has('reader_count')) Object.assign(out, await ctx.stats.readerStats(row.seq));
  return out as CatalogDocument;
}
