// Errors the replica throws cross the bridge as typed values: a code the UI can act on and
// a message it can show as is.
export type ReplicaErrorCode = 'invalid' | 'not_found' | 'cycle' | 'state';

export class ReplicaError extends Error {
  override name = 'ReplicaError';
  constructor(
    readonly code: ReplicaErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const invalid = (message: string, field?: string) => new ReplicaError('invalid', message, field);
export const notFound = (what: string, id: string) => new ReplicaError('not_found', `${what} ${id} is not in the library`);
