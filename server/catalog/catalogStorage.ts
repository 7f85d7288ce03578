// The catalog's storage as the routes, the library scan's callers and the importers see it:
// one asynchronous interface with one implementation per engine. SQLite keeps its
// synchronous prepared statements (catalogStore.ts, FTS5) behind it; PostgreSQL runs the
// same rules through Kysely with a tsvector index (postgresCatalogStore.ts).
import type { IdentifierKey } from '../../shared/schemas/document.ts';
import type { OpenedDatabase } from '../storage/database.ts';
import type { CatalogFields, CatalogRow } from './catalogFields.ts';
import type { SearchCriteria, SearchWindow } from './catalogSearch.ts';
import type { FileFacts, ReaderStats } from './readerStats.ts';
import { catalogStoreOf, type AddOptions } from './catalogStore.ts';
import type { BulkSink } from './bulk/catalogBulkLoad.ts';
import { librarySyncOf } from './librarySync.ts';
import { ReaderStatsReader } from './readerStats.ts';
import { PostgresCatalogStore } from './postgresCatalogStore.ts';
import { institutionIndex } from '../vocabularies/vocabularyData.ts';
import { fold } from '../vocabularies/textFold.ts';

export interface ImportedRecordFields {
  fields: CatalogFields;
  openAccess?: boolean;
}

export interface CatalogStorage {
  count(): Promise<number>;
  bySeq(seq: number): Promise<CatalogRow | undefined>;
  byId(id: string): Promise<CatalogRow | undefined>;
  /** The rows of these seqs, in the order given (unknown ones left out). */
  bySeqs(seqs: number[]): Promise<CatalogRow[]>;
  /** Documents holding this identifier; whole works first (an ISSN's serial before its articles). */
  byIdentifier(kind: IdentifierKey, value: string): Promise<CatalogRow | undefined>;
  byFilehash(hash: string): Promise<CatalogRow | undefined>;
  byTitleKey(title: string): Promise<CatalogRow[]>;
  /** Adds a record or merges it into its duplicate (see CatalogStore.add). */
  add(fields: CatalogFields, options: AddOptions): Promise<{ seq: number; merged: boolean }>;
  /** Adds many records in one transaction. */
  addMany(records: ImportedRecordFields[], imported: boolean): Promise<{ added: number; merged: number }>;
  /** A bulk load for a large import, where the engine has one (SQLite: bulk/catalogBulkLoad.ts). */
  bulkLoad?(): BulkSink;
  search(criteria: SearchCriteria, window: SearchWindow): Promise<{ seqs: number[]; total?: number }>;
  /** Brings the catalog up to date with the libraries (librarySync.ts); how many documents it looked at. */
  catchUp(): Promise<number>;
  readerStats(seq: number): Promise<ReaderStats>;
  fileFacts(seq: number): Promise<FileFacts>;
}

/** SQLite: the synchronous store, scanner and statistics of the handle, answered as promises. */
class SqliteCatalogStorage implements CatalogStorage {
  private readonly store;
  private readonly sync;
  private readonly stats;

  constructor(sqlite: NonNullable<OpenedDatabase['sqlite']>, institutionCountry: (name: string) => string | undefined) {
    this.store = catalogStoreOf(sqlite);
    this.sync = librarySyncOf(sqlite);
    this.stats = new ReaderStatsReader(sqlite, institutionCountry);
  }

  count = async () => this.store.count();
  bySeq = async (seq: number) => this.store.bySeq(seq);
  byId = async (id: string) => this.store.byId(id);
  bySeqs = async (seqs: number[]) => this.store.bySeqs(seqs);
  byIdentifier = async (kind: IdentifierKey, value: string) => this.store.byIdentifier(kind, value);
  byFilehash = async (hash: string) => this.store.byFilehash(hash);
  byTitleKey = async (title: string) => this.store.byTitleKey(title);
  add = async (fields: CatalogFields, options: AddOptions) => this.store.add(fields, options);
  addMany = async (records: ImportedRecordFields[], imported: boolean) => this.store.addMany(records, imported);
  bulkLoad = () => this.store.bulkLoad();
  search = async (criteria: SearchCriteria, window: SearchWindow) => this.store.search.search(criteria, window);
  catchUp = async () => this.sync.run();
  readerStats = async (seq: number) => this.stats.stats(seq);
  fileFacts = async (seq: number) => this.stats.fileFacts(seq);
}

/** The country of an institution in the vocabulary (reader statistics by country), when known. */
function institutionCountry(name: string): string | undefined {
  const index = institutionIndex();
  const position = index.positionsNamed(fold(name))[0];
  return position === undefined ? undefined : index.records[position]?.country;
}

const storages = new WeakMap<OpenedDatabase, CatalogStorage>();

/**
 * One catalog storage per opened database, whoever asks first (the routes, the files
 * listing, an importer): each gets the same statistics.
 */
export function catalogStorageOf(database: OpenedDatabase): CatalogStorage {
  let storage = storages.get(database);
  if (!storage) {
    storage = database.sqlite ? new SqliteCatalogStorage(database.sqlite, institutionCountry) : new PostgresCatalogStore(database.db, institutionCountry);
    storages.set(database, storage);
  }
  return storage;
}
