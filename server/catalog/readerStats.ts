// Reader statistics from real library data: the library documents mapped to a catalog
// document (not hidden, not in the trash), the profiles of their owners and their files.
import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { ProfileData } from '../../shared/schemas/profile.ts';
import type { Database } from '../storage/tables.ts';
import { allRows, firstRow, sqliteQueries } from '../storage/compiledQueries.ts';

export interface ReaderStats {
  reader_count: number;
  reader_count_by_academic_status: Record<string, number>;
  reader_count_by_discipline: Record<string, number>;
  reader_count_by_subdiscipline: Record<string, Record<string, number>>;
  reader_count_by_country: Record<string, number>;
  group_count: number;
}

export interface FileFacts {
  file_attached: boolean;
  has_pdf: boolean;
}

const increment = (counts: Record<string, number>, key: string | undefined) => {
  const name = key?.trim();
  if (name) counts[name] = (counts[name] ?? 0) + 1;
};

function parseProfile(data: string): ProfileData {
  try {
    const value = JSON.parse(data) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as ProfileData) : {};
  } catch {
    return {};
  }
}

/** The profile's country: its location's, else the last part of the location name. */
export function countryOf(profile: ProfileData, institutionCountry: (name: string) => string | undefined): string | undefined {
  const location = profile.location;
  if (location?.country?.trim()) return location.country.trim();
  const fromName = location?.name?.split(',').pop()?.trim();
  if (fromName && location?.name?.includes(',')) return fromName;
  const employment = profile.employment ?? [];
  const main = employment.find((e) => e.is_main_employment) ?? employment[0];
  return main?.institution ? institutionCountry(main.institution) : undefined;
}

type Queries = Kysely<Database>;

/** The readers of a catalog document: the owners (and groups) of the library documents mapped to it. */
export function readersQuery(db: Queries, seq: number) {
  return db
    .selectFrom('catalog_sources as s')
    .innerJoin('documents as d', 'd.id', 's.document_id')
    .leftJoin('profiles as p', 'p.id', 'd.profile_id')
    .select(['d.profile_id as profile_id', 'd.group_id as group_id', 'p.data as data'])
    .where('s.catalog_seq', '=', seq)
    .where('d.trashed_at', 'is', null);
}

/** How many files (and PDFs) the library documents mapped to a catalog document carry. */
export function filesQuery(db: Queries, seq: number) {
  return db
    .selectFrom('catalog_sources as s')
    .innerJoin('documents as d', 'd.id', 's.document_id')
    .innerJoin('files as f', 'f.document_id', 'd.id')
    .select([
      (eb) => eb.fn.countAll<number>().as('files'),
      sql<number | null>`sum(CASE WHEN f.mime_type = 'application/pdf' THEN 1 ELSE 0 END)`.as('pdfs'),
    ])
    .where('s.catalog_seq', '=', seq)
    .where('d.trashed_at', 'is', null);
}

export type ReaderRow = { profile_id: string; group_id: string | null; data: string | null };

export function fileFactsOf(row: { files: number; pdfs: number | null } | undefined): FileFacts {
  return { file_attached: (row?.files ?? 0) > 0, has_pdf: (row?.pdfs ?? 0) > 0 };
}

export function readerStatsOf(rows: ReaderRow[], institutionCountry: (name: string) => string | undefined): ReaderStats {
  const readers = new Map<string, ProfileData>();
  const groups = new Set<string>();
  for (const row of rows) {
    if (!readers.has(row.profile_id)) readers.set(row.profile_id, parseProfile(row.data ?? '{}'));
    if (row.group_id) groups.add(row.group_id);
  }
  const stats: ReaderStats = {
    reader_count: readers.size,
    reader_count_by_academic_status: {},
    reader_count_by_discipline: {},
    reader_count_by_subdiscipline: {},
    reader_count_by_country: {},
    group_count: groups.size,
  };
  for (const profile of readers.values()) {
    increment(stats.reader_count_by_academic_status, profile.academic_status);
    const discipline = profile.discipline ?? profile.disciplines?.[0];
    const disciplineName = discipline?.name?.trim();
    increment(stats.reader_count_by_discipline, disciplineName);
    if (disciplineName) {
      for (const sub of new Set(discipline?.subdisciplines ?? [])) {
        const bySub = (stats.reader_count_by_subdiscipline[disciplineName] ??= {});
        increment(bySub, sub);
      }
    }
    increment(stats.reader_count_by_country, countryOf(profile, institutionCountry));
  }
  return stats;
}

/** SQLite: the same queries on the raw handle (prepared once, see compiledQueries.ts). */
export class ReaderStatsReader {
  constructor(private readonly sqlite: SQLite.Database, private readonly institutionCountry: (name: string) => string | undefined) {}

  stats(seq: number): ReaderStats {
    return readerStatsOf(allRows(this.sqlite, readersQuery(sqliteQueries, seq)), this.institutionCountry);
  }

  fileFacts(seq: number): FileFacts {
    return fileFactsOf(firstRow(this.sqlite, filesQuery(sqliteQueries, seq)));
  }
}
