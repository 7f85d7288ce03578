// Trace ids: 16 hex digits naming one request in logs and error reports. Unique, not
// secret: a random half per process and a counter. Drawing 8 random bytes per request was
// a system call each time, about a tenth of a GET by id's CPU.
import { randomBytes } from 'node:crypto';

export function traceIdSource(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let counter = randomBytes(4).readUInt32BE();
  return () => {
    counter = (counter + 1) >>> 0;
    return prefix + counter.toString(16).padStart(8, '0');
  };
}
