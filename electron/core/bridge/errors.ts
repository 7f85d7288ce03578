// Turns whatever a handler throws into the typed error value that crosses the bridge, so
// the renderer always gets a code it can act on and the original message.
import type { BridgeError } from '../../../shared/bridge/contract.ts';
import { NetworkError, ServiceError } from '../../../shared/client/serviceErrors.ts';
import { BridgeFailure } from '../commands/failure.ts';
import { ReplicaError } from '../replica/index.ts';

export function toBridgeError(error: unknown): BridgeError {
  if (error instanceof ReplicaError || error instanceof BridgeFailure) {
    return error.field === undefined ? { code: error.code, message: error.message } : { code: error.code, message: error.message, field: error.field };
  }
  if (error instanceof NetworkError) return { code: error.aborted ? 'cancelled' : 'network', message: error.message };
  if (error instanceof ServiceError) return { code: 'service', message: error.message, status: error.status };
  if (error instanceof Error) return { code: 'internal', message: error.message || error.name };
  return { code: 'internal', message: String(error) };
}
