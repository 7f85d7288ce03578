// How many catalog documents hold each search term (a word anywhere, and a word in one
// field: 'A:word' for the title), on PostgreSQL: a count of the matches of common words is
// read from here instead of visiting a heap page per match
// (server/catalog/postgresSearchTerms.ts). Filled from catalog_search; nothing on SQLite,
// whose FTS5 index counts from its own doclists.
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engines/serviceDb.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`CREATE TABLE catalog_search_terms (term text PRIMARY KEY, documents integer NOT NULL)`.execute(db);
  // A document's terms: every lexeme of its fields and of its other words, once, and every
  // lexeme of its fields with each weight it has there ('A:word').
  await sql`INSERT INTO catalog_search_terms (term, documents)
    SELECT term, count(*)::integer FROM catalog_search s,
      LATERAL (SELECT unnest(tsvector_to_array(s.fields || s.other))
        UNION ALL SELECT DISTINCT w || ':' || f.lexeme FROM unnest(s.fields) f, unnest(f.weights) w) AS t(term)
    GROUP BY term`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS catalog_search_terms`.execute(db);
}
