// Catalog and dataset commands need the service: signed out they fail at once with a code
// the renderer can act on, instead of a 401 from the service.
import type { AccountControl } from '../commands/controls.ts';
import { BridgeFailure } from '../commands/failure.ts';

export function requireSignedIn(account: Pick<AccountControl, 'status'>, what: string): void {
  if (!account.status().signedIn) throw new BridgeFailure('signed_out', `Sign in to use ${what}`);
}
