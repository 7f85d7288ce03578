// The per-user storage quota: the bytes of the files a user attached plus the content
// tickets they hold. Checked before an upload is read when its length is declared, and
// again once its real size is known.
import type { ServiceContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';

export async function storedBytesOf(ctx: ServiceContext, profileId: string): Promise<number> {
  const files = await ctx.db.selectFrom('files').select((eb) => eb.fn.sum<number>('size').as('bytes')).where('profile_id', '=', profileId).executeTakeFirst();
  const tickets = await ctx.db.selectFrom('file_contents').select((eb) => eb.fn.sum<number>('size').as('bytes')).where('profile_id', '=', profileId).executeTakeFirst();
  return Number(files?.bytes ?? 0) + Number(tickets?.bytes ?? 0);
}

function gib(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(bytes < 1024 ** 3 ? 3 : 1)} GiB`;
}

/** Throws 413 when `incoming` more bytes would take the user over the quota. */
export async function assertWithinQuota(ctx: ServiceContext, profileId: string, incoming: number): Promise<void> {
  const quota = ctx.config.storageQuotaBytes;
  const used = await storedBytesOf(ctx, profileId);
  if (used + incoming > quota) {
    throw new HttpError(413, `Your storage quota of ${gib(quota)} is used up (${gib(used)} stored); delete files to make room for this one`);
  }
}
