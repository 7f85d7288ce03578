// The catalog on PostgreSQL: the same rules as the SQLite store (catalogStore.ts: de-
// duplication, merging, the readers' vote, the search index kept in step) through Kysely.
// Every write runs in one transaction that first takes a transaction-level advisory lock,
// so imports and library scans of several instances take turns instead of adding the same
// record twice.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { IdentifierKey } from '../../shared/schemas/document.ts';
import type { Database } from '../storage/tables.ts';
import type { CatalogStorage, ImportedRecordFields } from './catalogStorage.ts';
import { rowFields, type CatalogFields, type CatalogRow } from './catalogFields.ts';
import { DEDUPE_ORDER, identifiesWholeWork, matchKey, normaliseIdentifier, normalisedIdentifiers, titleKey } from './dedupe.ts';
import { dataOf, indexedTextOf, joinRecords, sameWork, type AddOptions } from './catalogStore.ts';
import { authorityFields, authorityQuery, copiesQuery, dropAuthorityQuery, setAuthorityQuery, votersFrom } from './catalogVoters.ts';
import { mergeVoters } from './readerVote.ts';
import { indexPostgres, searchPostgres, unindexPostgres } from './postgresCatalogSearch.ts';
import { catalogChanged } from './postgresSearchMemory.ts';
import { fileFactsOf, filesQuery, readerStatsOf, readersQuery } from './readerStats.ts';
import type { SearchCriteria, SearchWindow } from './catalogSearch.ts';
import { scanLibrariesPostgres } from './postgresLibrarySync.ts';

type Queries = Kysely<Database>;

/** The key of the advisory lock every catalog write holds (any number the service uses once). */
const CATALOG_WRITE_LOCK = 0x0ca7a106;

/** Reads, on the pool or inside a write's transaction. */
class PostgresCatalogReader {
  constructor(readonly db: Queries) {}

  async count(): Promise<number> {
    const row = await this.db.selectFrom('catalog_documents').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return row.n;
  }

  bySeq(seq: number): Promise<CatalogRow | undefined> {
    return this.db.selectFrom('catalog_documents').selectAll().where('seq', '=', seq).executeTakeFirst();
  }

  byId(id: string): Promise<CatalogRow | undefined> {
    return this.db.selectFrom('catalog_documents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async bySeqs(seqs: number[]): Promise<CatalogRow[]> {
    if (!seqs.length) return [];
    const rows = await this.db.selectFrom('catalog_documents').selectAll().where('seq', 'in', seqs).execute();
    const bySeq = new Map(rows.map((r) => [r.seq, r]));
    return seqs.map((s) => bySeq.get(s)).filter((r): r is CatalogRow => Boolean(r));
  }

  protected withIdentifier(kind: IdentifierKey, normalised: string): Promise<CatalogRow[]> {
    return this.db
      .selectFrom('catalog_identifiers as i')
      .innerJoin('catalog_documents as d', 'd.seq', 'i.catalog_seq')
      .selectAll('d')
      .where('i.kind', '=', kind)
      .where('i.value', '=', normalised)
      .orderBy('i.catalog_seq')
      .limit(50)
      .execute();
  }

  async byIdentifier(kind: IdentifierKey, value: string): Promise<CatalogRow | undefined> {
    const normalised = normaliseIdentifier(kind, value);
    if (!normalised) return undefined;
    const rows = await this.withIdentifier(kind, normalised);
    return rows.find((r) => identifiesWholeWork(kind, r.type)) ?? rows[0];
  }

  byFilehash(hash: string): Promise<CatalogRow | undefined> {
    return this.db
      .selectFrom('files as f')
      .innerJoin('catalog_sources as s', 's.document_id', 'f.document_id')
      .innerJoin('catalog_documents as d', 'd.seq', 's.catalog_seq')
      .selectAll('d')
      .where('f.filehash', '=', hash.trim().toLowerCase())
      .orderBy('d.seq')
      .limit(1)
      .executeTakeFirst();
  }

  byTitleKey(title: string): Promise<CatalogRow[]> {
    return this.db.selectFrom('catalog_documents').selectAll().where('title_key', '=', titleKey(title)).orderBy('seq').limit(50).execute();
  }
}

/** Writes, inside one transaction holding the catalog's lock. */
export class PostgresCatalogWriter extends PostgresCatalogReader {
  /** Whether this transaction changed the search index (then remembered searches are forgotten). */
  searchChanged = false;

  /** The catalog document these fields describe, when there is one (see dedupe.ts). */
  async findDuplicate(fields: CatalogFields): Promise<CatalogRow | undefined> {
    for (const [kind, value] of normalisedIdentifiers(fields.identifiers)) {
      if (!DEDUPE_ORDER.includes(kind) || !identifiesWholeWork(kind, fields.type)) continue;
      const match = (await this.withIdentifier(kind, value)).find((r) => identifiesWholeWork(kind, r.type));
      if (match) return match;
    }
    const candidates = await this.db
      .selectFrom('catalog_documents').selectAll().where('match_key', '=', matchKey(fields.title, fields.year, fields.authors)).orderBy('seq').limit(20).execute();
    return sameWork(fields, candidates);
  }

  async insert(fields: CatalogFields, options: AddOptions): Promise<number> {
    const now = new Date().toISOString();
    const openAccess = Boolean(options.openAccess || fields.identifiers?.arxiv);
    const { seq } = await this.db
      .insertInto('catalog_documents')
      .values({
        id: randomUUID(), title: fields.title, type: fields.type, year: fields.year ?? null, open_access: openAccess ? 1 : 0,
        imported: options.imported ? 1 : 0, match_key: matchKey(fields.title, fields.year, fields.authors), title_key: titleKey(fields.title),
        data: dataOf(fields), created: now, last_modified: now,
      })
      .returning('seq')
      .executeTakeFirstOrThrow();
    await this.indexIdentifiers(seq, fields);
    await indexPostgres(this.db, seq, indexedTextOf(fields, openAccess));
    this.searchChanged = true;
    return seq;
  }

  /** Replaces a document's metadata, keeping its id, flags given in options. */
  async replace(row: CatalogRow, fields: CatalogFields, options: AddOptions): Promise<void> {
    const openAccess = Boolean(options.openAccess || fields.identifiers?.arxiv);
    await this.db
      .updateTable('catalog_documents')
      .set({
        title: fields.title, type: fields.type, year: fields.year ?? null, open_access: openAccess ? 1 : 0, imported: options.imported ? 1 : 0,
        match_key: matchKey(fields.title, fields.year, fields.authors), title_key: titleKey(fields.title), data: dataOf(fields),
        last_modified: new Date().toISOString(),
      })
      .where('seq', '=', row.seq)
      .execute();
    await this.db.deleteFrom('catalog_identifiers').where('catalog_seq', '=', row.seq).execute();
    await this.indexIdentifiers(row.seq, fields);
    await indexPostgres(this.db, row.seq, indexedTextOf(fields, openAccess));
    this.searchChanged = true;
  }

  async delete(seq: number): Promise<void> {
    await this.db.deleteFrom('catalog_documents').where('seq', '=', seq).execute();
    await this.db.deleteFrom('catalog_identifiers').where('catalog_seq', '=', seq).execute();
    await dropAuthorityQuery(this.db, seq).execute();
    await unindexPostgres(this.db, seq);
    this.searchChanged = true;
  }

  private async voters(seq: number) {
    return votersFrom(authorityFields(await authorityQuery(this.db, seq).executeTakeFirst()), await copiesQuery(this.db, seq).execute());
  }

  /** Sets a document's published fields from its voters; a document nobody holds any more is deleted. */
  async publish(seq: number): Promise<void> {
    const row = await this.bySeq(seq);
    if (!row) return;
    const voters = await this.voters(seq);
    const merged = mergeVoters(voters);
    if (!merged) {
      await this.db.updateTable('catalog_sources').set({ catalog_seq: null }).where('catalog_seq', '=', seq).execute();
      await this.delete(seq);
      return;
    }
    const imported = voters.some((v) => v.authoritative);
    if (JSON.stringify(merged) !== JSON.stringify(rowFields(row)) || imported !== (row.imported === 1)) {
      await this.replace(row, merged, { imported, openAccess: row.open_access === 1 });
    }
  }

  /** Adds a record, or merges it into its duplicate (the rules of CatalogStore.add). */
  async add(fields: CatalogFields, options: AddOptions): Promise<{ seq: number; merged: boolean }> {
    const existing = await this.findDuplicate(fields);
    if (!existing) {
      const seq = await this.insert(fields, options);
      if (options.imported) await setAuthorityQuery(this.db, seq, fields).execute();
      return { seq, merged: false };
    }
    if (options.imported) {
      const earlier = authorityFields(await authorityQuery(this.db, existing.seq).executeTakeFirst());
      await setAuthorityQuery(this.db, existing.seq, earlier ? joinRecords(earlier, fields) : fields).execute();
      const merged = mergeVoters(await this.voters(existing.seq))!;
      await this.replace(existing, merged, { imported: true, openAccess: options.openAccess || existing.open_access === 1 });
      return { seq: existing.seq, merged: true };
    }
    await this.replace(existing, joinRecords(rowFields(existing), fields), {
      imported: options.imported || existing.imported === 1,
      openAccess: options.openAccess || existing.open_access === 1,
    });
    return { seq: existing.seq, merged: true };
  }

  private async indexIdentifiers(seq: number, fields: CatalogFields): Promise<void> {
    const rows = normalisedIdentifiers(fields.identifiers).map(([kind, value]) => ({ kind, value, catalog_seq: seq }));
    if (rows.length) await this.db.insertInto('catalog_identifiers').values(rows).onConflict((c) => c.doNothing()).execute();
  }
}

export class PostgresCatalogStore extends PostgresCatalogReader implements CatalogStorage {
  constructor(db: Queries, private readonly institutionCountry: (name: string) => string | undefined) {
    super(db);
  }

  /** Runs `work` in one transaction holding the catalog's write lock. */
  write<T>(work: (writer: PostgresCatalogWriter) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${CATALOG_WRITE_LOCK})`.execute(trx);
      const writer = new PostgresCatalogWriter(trx);
      const result = await work(writer);
      // Remembered search counts and answers of every instance are forgotten (postgresSearchMemory.ts).
      if (writer.searchChanged) await catalogChanged(trx);
      return result;
    });
  }

  add(fields: CatalogFields, options: AddOptions): Promise<{ seq: number; merged: boolean }> {
    return this.write((writer) => writer.add(fields, options));
  }

  addMany(records: ImportedRecordFields[], imported: boolean): Promise<{ added: number; merged: number }> {
    return this.write(async (writer) => {
      let added = 0;
      let merged = 0;
      for (const record of records) {
        const result = await writer.add(record.fields, { imported, openAccess: record.openAccess });
        if (result.merged) merged++;
        else added++;
      }
      return { added, merged };
    });
  }

  search(criteria: SearchCriteria, window: SearchWindow): Promise<{ seqs: number[]; total?: number }> {
    return searchPostgres(this.db, criteria, window);
  }

  private scanning: Promise<number> | undefined;
  private queued: Promise<number> | undefined;

  /**
   * Every catalog read catches up first. Reads that come while a scan runs share the one
   * that starts after it (which sees every write made before they came), instead of each
   * holding a pooled connection while it queues for the write lock to find nothing left.
   */
  catchUp(): Promise<number> {
    if (this.scanning) {
      return (this.queued ??= this.scanning.catch(() => 0).then(() => {
        this.queued = undefined;
        return this.catchUp();
      }));
    }
    const scan = scanLibrariesPostgres(this).finally(() => {
      this.scanning = undefined;
    });
    this.scanning = scan;
    return scan;
  }

  async readerStats(seq: number) {
    return readerStatsOf(await readersQuery(this.db, seq).execute(), this.institutionCountry);
  }

  async fileFacts(seq: number) {
    return fileFactsOf(await filesQuery(this.db, seq).executeTakeFirst());
  }
}
