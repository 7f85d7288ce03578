// The service-scale bench's floor for PostgreSQL's single-request latency: the statement
// GET /documents/{id} runs, prepared once and sent again and again from one connection, with
// no HTTP, routing or serialisation around it. No service on PostgreSQL can answer a GET
// faster than this round trip, so the bench prints it beside the PostgreSQL/SQLite ratio.
import pg from 'pg';
import { POSTGRES_DOCUMENT_READS } from '../../server/library/documentReads.ts';

/** Mean milliseconds of one round trip of the GET's version read, over `seconds` of back-to-back calls. */
export async function postgresRoundTripMs(url: string, documentId: string, seconds: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { name, text } = POSTGRES_DOCUMENT_READS.versionById;
    const run = () => client.query({ name, text, values: [documentId] });
    const first = await run();
    if (first.rowCount !== 1) throw new Error(`the round-trip floor read ${first.rowCount} rows for document ${documentId}`);
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    let count = 0;
    while (performance.now() < deadline) {
      await run();
      count++;
    }
    return (performance.now() - started) / count;
  } finally {
    await client.end();
  }
}
