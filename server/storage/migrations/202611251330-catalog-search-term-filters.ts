// The documents per search term on PostgreSQL (server/catalog/postgresSearchTerms.ts) kept
// per year and open-access flag as well, so a search with a year range or open_access
// counts its matches from these rows too: a filtered count read every match's heap page
// (half of the advanced searches of a catalog name a year). A document without a year is
// kept under the smallest integer, below any year a filter can name (four digits).
// Refilled from catalog_search; nothing on SQLite.
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engines/serviceDb.ts';

/** postgresSearchTerms.ts NO_YEAR (migrations keep their own copy of what they wrote). */
const NO_YEAR = -2147483648;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`DROP TABLE catalog_search_terms`.execute(db);
  await sql`CREATE TABLE catalog_search_terms (
    term text NOT NULL,
    year integer NOT NULL,
    open_access integer NOT NULL,
    documents integer NOT NULL,
    PRIMARY KEY (term, year, open_access)
  )`.execute(db);
  await sql`INSERT INTO catalog_search_terms (term, year, open_access, documents)
    SELECT term, coalesce(s.year, ${sql.lit(NO_YEAR)}), s.open_access, count(*)::integer FROM catalog_search s,
      LATERAL (SELECT unnest(tsvector_to_array(s.fields || s.other))
        UNION ALL SELECT DISTINCT w || ':' || f.lexeme FROM unnest(s.fields) f, unnest(f.weights) w) AS t(term)
    GROUP BY 1, 2, 3`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`CREATE TABLE catalog_search_terms_total (term text PRIMARY KEY, documents integer NOT NULL)`.execute(db);
  await sql`INSERT INTO catalog_search_terms_total SELECT term, sum(documents)::integer FROM catalog_search_terms GROUP BY term`.execute(db);
  await sql`DROP TABLE catalog_search_terms`.execute(db);
  await sql`ALTER TABLE catalog_search_terms_total RENAME TO catalog_search_terms`.execute(db);
}
