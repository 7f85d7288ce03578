// The service's clock for stored timestamps.

let lastIssued = 0;

/**
 * A timestamp later than every one issued before in this process and later than `after`:
 * sync clients compare last_modified, so two writes in one millisecond must still differ.
 */
export function nextTimestamp(after?: string): string {
  let ms = Date.now();
  if (ms <= lastIssued) ms = lastIssued + 1;
  const floor = after ? Date.parse(after) : NaN;
  if (!Number.isNaN(floor) && ms <= floor) ms = floor + 1;
  lastIssued = ms;
  return new Date(ms).toISOString();
}
