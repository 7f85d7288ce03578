// Every migration in the order it runs, by name (shared/migrationNames.ts: the first six by
// number, later ones by UTC timestamp, YYYYMMDDHHMM-what). A new one is added at the end.
// TypeScript modules rather than .sql files so that a bundled or packaged app carries
// them without reading a folder at run time.
import { sql as m0001 } from './0001-initial.ts';
import { sql as m0002 } from './0002-library-views.ts';
import { sql as m0003 } from './0003-import-lookups.ts';
import { sql as m0004 } from './0004-profile-names.ts';
import { sql as m0005 } from './0005-catalog-links.ts';
import { sql as m0006 } from './0006-document-identifiers.ts';
import { migrate as m202611240349 } from './202611240349-outbox-idempotency.ts';
import { migrate as m202611240815 } from './202611240815-search-year.ts';
import { sql as m202611241548 } from './202611241548-saved-searches.ts';
import { sql as m202611241549 } from './202611241549-document-relations.ts';
import { migrate as m202611241605 } from './202611241605-annotation-style.ts';
import { sql as m202611250620 } from './202611250620-base-copies-of-changed-rows.ts';
import { sql as m202611251000 } from './202611251000-search-index-build.ts';
import { migrate as m202612020420 } from './202612020420-outbox-sent-at.ts';
import type { Db } from '../database.ts';

export interface ReplicaMigration {
  name: string;
  /** SQL to run, or a function for a step that must look at the schema first. */
  sql: string | ((db: Db) => void);
}

export const migrations: readonly ReplicaMigration[] = [
  { name: '0001-initial', sql: m0001 },
  { name: '0002-library-views', sql: m0002 },
  { name: '0003-import-lookups', sql: m0003 },
  { name: '0004-profile-names', sql: m0004 },
  { name: '0005-catalog-links', sql: m0005 },
  { name: '0006-document-identifiers', sql: m0006 },
  { name: '202611240349-outbox-idempotency', sql: m202611240349 },
  { name: '202611240815-search-year', sql: m202611240815 },
  { name: '202611241548-saved-searches', sql: m202611241548 },
  { name: '202611241549-document-relations', sql: m202611241549 },
  { name: '202611241605-annotation-style', sql: m202611241605 },
  { name: '202611250620-base-copies-of-changed-rows', sql: m202611250620 },
  { name: '202611251000-search-index-build', sql: m202611251000 },
  { name: '202612020420-outbox-sent-at', sql: m202612020420 },
];
