// Institution size = the number of profiles that name the institution in their employment
// or education. Counted in memory by folded name and kept current incrementally: a request
// at most every `institutionSizeRefreshMs` asks the database whether profiles changed
// (count and newest last_modified, both cheap with the index of migration 0003) and reads
// only the profiles modified since; a count that no longer adds up (a removed profile)
// recounts all.
import { sql } from 'kysely';
import type { ServiceDb } from '../storage/database.ts';
import type { InstitutionIndex, SizeSource } from './institutionIndex.ts';
import { fold } from './textFold.ts';
import { vocabularySettings } from './vocabularySettings.ts';

interface ProfileDataRow {
  id: string;
  last_modified: string;
  data: string;
}

export class InstitutionSizes implements SizeSource {
  private readonly namesByProfile = new Map<string, string[]>();
  private readonly countsByName = new Map<string, number>();
  private sizeByPosition = new Map<number, number>();
  private sizedPositions: number[] = [];
  private checkedAt = -Infinity;
  private seenCount = 0;
  private seenModified = '';
  private pending: Promise<void> | undefined;

  constructor(
    private readonly db: ServiceDb,
    private readonly index: InstitutionIndex,
  ) {}

  sized(): readonly number[] {
    return this.sizedPositions;
  }

  sizeOf(position: number): number {
    return this.sizeByPosition.get(position) ?? 0;
  }

  /** Brings the counts up to date if they may be stale; concurrent callers share one refresh. */
  async refresh(): Promise<void> {
    if (Date.now() - this.checkedAt < vocabularySettings.institutionSizeRefreshMs) return;
    this.pending ??= this.update().finally(() => {
      this.pending = undefined;
    });
    await this.pending;
  }

  private async update(): Promise<void> {
    this.checkedAt = Date.now();
    const state = await this.db
      .selectFrom('profiles')
      .select([sql<number>`count(*)`.as('n'), sql<string | null>`max(last_modified)`.as('newest')])
      .executeTakeFirstOrThrow();
    const count = Number(state.n);
    const newest = state.newest ?? '';
    if (count === this.seenCount && newest === this.seenModified) return;
    // ">=": profiles changed within the same millisecond as the last one seen are read again (harmless).
    await this.read(this.seenModified || undefined);
    // Every profile is remembered, so a count that disagrees means one was removed: recount.
    if (this.namesByProfile.size !== count) {
      this.namesByProfile.clear();
      this.countsByName.clear();
      await this.read(undefined);
    }
    this.seenCount = count;
    this.seenModified = newest;
    this.rebuildPositions();
  }

  private async read(modifiedSince: string | undefined): Promise<void> {
    let query = this.db.selectFrom('profiles').select(['id', 'last_modified', 'data']);
    if (modifiedSince) query = query.where('last_modified', '>=', modifiedSince);
    for (const row of (await query.execute()) as ProfileDataRow[]) this.replace(row.id, institutionNames(row.data));
  }

  private replace(profileId: string, names: string[]): void {
    for (const name of this.namesByProfile.get(profileId) ?? []) {
      const left = (this.countsByName.get(name) ?? 1) - 1;
      if (left > 0) this.countsByName.set(name, left);
      else this.countsByName.delete(name);
    }
    for (const name of names) this.countsByName.set(name, (this.countsByName.get(name) ?? 0) + 1);
    this.namesByProfile.set(profileId, names);
  }

  private rebuildPositions(): void {
    const sizes = new Map<number, number>();
    for (const [name, count] of this.countsByName) {
      for (const position of this.index.positionsNamed(name)) sizes.set(position, count);
    }
    this.sizeByPosition = sizes;
    this.sizedPositions = [...sizes.keys()].sort((a, b) => sizes.get(b)! - sizes.get(a)! || a - b);
  }
}

/** The distinct folded institution names a profile's employment and education entries carry. */
export function institutionNames(data: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return [];
  }
  if (!parsed || typeof parsed !== 'object') return [];
  const names = new Set<string>();
  for (const field of ['employment', 'education'] as const) {
    const entries = (parsed as Record<string, unknown>)[field];
    if (!Array.isArray(entries)) continue;
    for (const entry of entries) {
      const name = (entry as { institution?: unknown } | null)?.institution;
      if (typeof name === 'string' && name.trim()) names.add(fold(name));
    }
  }
  return [...names];
}
