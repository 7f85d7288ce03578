// Errors of the online views (catalog, datasets) as text that says what to do next. It
// reads the bridge's error codes, so it lives with the stores, not in the views.
import { BridgeCallError } from '../bridge/bridgeClient.ts';

export function onlineErrorText(error: unknown): string {
  if (error instanceof BridgeCallError) {
    if (error.code === 'network') return 'The service cannot be reached. This needs a connection; try again when you are online.';
    if (error.code === 'signed_out') return 'Sign in to the service first (Settings).';
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
