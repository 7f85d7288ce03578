// The published versions of a dataset as the Version objects responses carry.
import type { ServiceContext } from '../context.ts';
import { nowOf } from './clock.ts';

export interface VersionInfo {
  version: number;
  publish_date: string;
  /** False while the version is under embargo. */
  available: boolean;
}

export async function versionsOf(ctx: ServiceContext, datasetId: string): Promise<VersionInfo[]> {
  return (await versionsOfMany(ctx, [datasetId])).get(datasetId) ?? [];
}

export async function versionsOfMany(ctx: ServiceContext, datasetIds: string[]): Promise<Map<string, VersionInfo[]>> {
  const result = new Map<string, VersionInfo[]>();
  if (!datasetIds.length) return result;
  const now = nowOf(ctx).getTime();
  const rows = await ctx.db
    .selectFrom('dataset_versions')
    .select(['dataset_id', 'version', 'publish_date', 'embargo_date'])
    .where('dataset_id', 'in', datasetIds)
    .orderBy('version')
    .execute();
  for (const row of rows) {
    const list = result.get(row.dataset_id) ?? [];
    list.push({ version: Number(row.version), publish_date: row.publish_date, available: !row.embargo_date || Date.parse(row.embargo_date) <= now });
    result.set(row.dataset_id, list);
  }
  return result;
}
