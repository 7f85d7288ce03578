// Rows created offline carry a temporary id until the service assigns the real one.
import { randomUUID } from 'node:crypto';

export const LOCAL_ID_PREFIX = 'local:';
export const newLocalId = (): string => LOCAL_ID_PREFIX + randomUUID();
export const isLocalId = (id: string): boolean => id.startsWith(LOCAL_ID_PREFIX);
