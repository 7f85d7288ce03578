// The datasets area reads time through this clock so that tests can move a service past an
// embargo date or a download URL's expiry without waiting. Production uses the real time.
import type { ServiceContext } from '../context.ts';

const clocks = new WeakMap<ServiceContext, () => Date>();

export function nowOf(ctx: ServiceContext): Date {
  return clocks.get(ctx)?.() ?? new Date();
}

/** Replaces the clock of one running service (tests); `undefined` restores the real time. */
export function setDatasetClock(ctx: ServiceContext, clock: (() => Date) | undefined): void {
  if (clock) clocks.set(ctx, clock);
  else clocks.delete(ctx);
}
