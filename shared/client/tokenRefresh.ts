// When several calls fail at once with an expired token, one refresh serves them all:
// refresh tokens are often single-use, so a second concurrent refresh would fail.

export type RefreshAccessToken = () => Promise<string | undefined>;

/** Wraps a refresher so that concurrent callers share the refresh in flight. */
export function singleFlightRefresh(refresh: RefreshAccessToken): RefreshAccessToken {
  let inFlight: Promise<string | undefined> | undefined;
  return () => {
    inFlight ??= refresh().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}
