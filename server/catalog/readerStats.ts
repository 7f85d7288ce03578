// Reader statistics from real library data: the library documents mapped to a catalog
// document (not hidden, not in the trash), the profiles of their owners and their files.
import type SQLite from 'better-sqlite3';
import type { ProfileData } from '../../shared/schemas/profile.ts';

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

export class ReaderStatsReader {
  private readonly mapped: SQLite.Statement;
  private readonly files: SQLite.Statement;

  constructor(sqlite: SQLite.Database, private readonly institutionCountry: (name: string) => string | undefined) {
    this.mapped = sqlite.prepare(
      `SELECT d.profile_id AS profile_id, d.group_id AS group_id, p.data AS data
       FROM catalog_sources s JOIN documents d ON d.id = s.document_id LEFT JOIN profiles p ON p.id = d.profile_id
       WHERE s.catalog_seq = ? AND d.trashed_at IS NULL`,
    );
    this.files = sqlite.prepare(
      `SELECT count(*) AS files, sum(CASE WHEN f.mime_type = 'application/pdf' THEN 1 ELSE 0 END) AS pdfs
       FROM catalog_sources s JOIN documents d ON d.id = s.document_id JOIN files f ON f.document_id = d.id
       WHERE s.catalog_seq = ? AND d.trashed_at IS NULL`,
    );
  }

  stats(seq: number): ReaderStats {
    const rows = this.mapped.all(seq) as { profile_id: string; group_id: string | null; data: string | null }[];
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
      increment(stats.reader_count_by_country, countryOf(profile, this.institutionCountry));
    }
    return stats;
  }

  fileFacts(seq: number): FileFacts {
    const row = this.files.get(seq) as { files: number; pdfs: number | null };
    return { file_attached: row.files > 0, has_pdf: (row.pdfs ?? 0) > 0 };
  }
}
