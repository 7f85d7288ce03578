// Every migration, by name; names sort in the order they run. Listed statically so that
// a bundled or packaged service finds them without reading a folder.
import type { Migration } from 'kysely';
import * as m0001 from './0001-library.ts';

export const migrations: Record<string, Migration> = {
  '0001-library': m0001,
};
