// After a pull: the authors of annotations (group members' highlights and notes) whom the
// replica cannot name yet are looked up on the service, so the window shows their names,
// also offline later. Bounded per run, and a name that cannot be had now never fails the
// sync: the next run asks again.
import { displayName } from '../people/profileNames.ts';
import { isAborted } from './retry.ts';
import type { RunContext } from './runContext.ts';

/** Most profiles looked up in one run. */
export const AUTHOR_NAMES_PER_RUN = 50;

export async function nameAuthors(ctx: Pick<RunContext, 'replica' | 'api' | 'signal'>): Promise<number> {
  const unnamed = ctx.replica.unnamedAuthors(AUTHOR_NAMES_PER_RUN);
  const named: { id: string; name: string }[] = [];
  for (const id of unnamed) {
    try {
      named.push({ id, name: displayName(await ctx.api.profiles.get(id, { signal: ctx.signal })) });
    } catch (error) {
      if (isAborted(error, ctx.signal)) throw error;
      // gone (404) or not now: left for the next run
    }
  }
  ctx.replica.rememberProfileNames(named);
  return named.length;
}
