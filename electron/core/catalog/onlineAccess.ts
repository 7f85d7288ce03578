// Catalog and dataset commands need the service: signed out they fail at once with a code
// the renderer can act on, instead of a 401 from the service.
import type { AccountControl } from '../bridge/handlers.ts';
import { BridgeFailure } from '../bridge/errors.ts';

export function requireSignedIn(account: AccountControl, what: string): void {
  if (!account.status().signedIn) throw new BridgeFailure('signed_out', `Sign in to use ${what}`);
}
