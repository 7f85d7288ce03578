// Every migration, by name; names sort in the order they run (numbered ones first, then
// UTC-timestamped ones: `YYYYMMDDHHMM-what`, so parallel branches never take the same name). Listed statically so that
// a bundled or packaged service finds them without reading a folder.
import type { Migration } from 'kysely';
import * as m0001 from './0001-library.ts';
import * as m0002 from './0002-groups.ts';
import * as m0003 from './0003-vocabularies.ts';
import * as m0004 from './0004-datasets.ts';
import * as m0005 from './0005-catalog.ts';
import * as m0006 from './0006-trash-index.ts';
import * as m202611240340 from './202611240340-idempotency-keys.ts';

export const migrations: Record<string, Migration> = {
  '0001-library': m0001,
  '0002-groups': m0002,
  '0003-vocabularies': m0003,
  '0004-datasets': m0004,
  '0005-catalog': m0005,
  '0006-trash-index': m0006,
  '202611240340-idempotency-keys': m202611240340,
};
