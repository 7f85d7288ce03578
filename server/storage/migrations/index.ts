// Every migration, by name; names sort in the order they run (shared/migrationNames.ts:
// the first six by number, later ones by UTC timestamp, YYYYMMDDHHMM-what, added at the
// end). Listed statically so that a bundled or packaged service finds them without
// reading a folder.
import type { Migration } from 'kysely';
import * as m0001 from './0001-library.ts';
import * as m0002 from './0002-groups.ts';
import * as m0003 from './0003-vocabularies.ts';
import * as m0004 from './0004-datasets.ts';
import * as m0005 from './0005-catalog.ts';
import * as m0006 from './0006-trash-index.ts';
import * as m202611240340hardening from './202611240340-hardening.ts';
import * as m202611240340idempotency from './202611240340-idempotency-keys.ts';
import * as m202611240340listing from './202611240340-listing-indexes.ts';
import * as m202611240340resolutions from './202611240340-identifier-resolutions.ts';
import * as m202611240442 from './202611240442-change-scan-indexes.ts';
import * as m202611240651coordination from './202611240651-instance-coordination.ts';
import * as m202611240653authorities from './202611240653-catalog-authorities.ts';
import * as m202611241105catalogSearch from './202611241105-catalog-search-postgres.ts';
import * as m202611241105search from './202611241105-document-search-index.ts';
import * as m202611241106inviter from './202611241106-invitation-inviter-index.ts';
import * as m202611241605style from './202611241605-annotation-style.ts';
import * as m202611242000documentSearch from './202611242000-document-search-postgres.ts';
import * as m202611242329collectionListing from './202611242329-collection-listing-indexes.ts';
import * as m202611250311catalogFilters from './202611250311-catalog-filter-index.ts';
import * as m202611251020catalogTerms from './202611251020-catalog-search-terms.ts';
import * as m202611251330termFilters from './202611251330-catalog-search-term-filters.ts';

export const migrations: Record<string, Migration> = {
  '0001-library': m0001,
  '0002-groups': m0002,
  '0003-vocabularies': m0003,
  '0004-datasets': m0004,
  '0005-catalog': m0005,
  '0006-trash-index': m0006,
  '202611240340-hardening': m202611240340hardening,
  '202611240340-idempotency-keys': m202611240340idempotency,
  '202611240340-identifier-resolutions': m202611240340resolutions,
  '202611240340-listing-indexes': m202611240340listing,
  '202611240442-change-scan-indexes': m202611240442,
  '202611240651-instance-coordination': m202611240651coordination,
  '202611240653-catalog-authorities': m202611240653authorities,
  '202611241105-catalog-search-postgres': m202611241105catalogSearch,
  '202611241105-document-search-index': m202611241105search,
  '202611241106-invitation-inviter-index': m202611241106inviter,
  '202611241605-annotation-style': m202611241605style,
  '202611242000-document-search-postgres': m202611242000documentSearch,
  '202611242329-collection-listing-indexes': m202611242329collectionListing,
  '202611250311-catalog-filter-index': m202611250311catalogFilters,
  '202611251020-catalog-search-terms': m202611251020catalogTerms,
  '202611251330-catalog-search-term-filters': m202611251330termFilters,
};
