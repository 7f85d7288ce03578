// The error a command handler throws when it knows what went wrong in the bridge's terms
// (a code the renderer acts on, a readable message, the field at fault). The bridge turns
// it, like every other error, into the typed value that crosses to the window.
import type { BridgeErrorCode } from '../../../shared/bridge/contract.ts';

export class BridgeFailure extends Error {
  override name = 'BridgeFailure';
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
