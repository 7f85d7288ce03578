// Every migration in the order it runs; migration N leaves PRAGMA user_version = N. New ones
// are named by UTC timestamp (parallel branches never take the same name) and appended.
// TypeScript modules rather than .sql files so that a bundled or packaged app carries
// them without reading a folder at run time.
import { sql as m0001 } from './0001-initial.ts';
import { sql as m0002 } from './0002-library-views.ts';
import { sql as m0003 } from './0003-import-lookups.ts';
import { sql as m0004 } from './0004-profile-names.ts';
import { sql as m0005 } from './0005-catalog-links.ts';
import { sql as m0006 } from './0006-document-identifiers.ts';
import { migrate as m202611240349 } from './202611240349-outbox-idempotency.ts';
import type { Db } from '../database.ts';

/** SQL to run, or a function for a step that must look at the schema first. */
export type Migration = string | ((db: Db) => void);

export const migrations: readonly Migration[] = [m0001, m0002, m0003, m0004, m0005, m0006, m202611240349];
