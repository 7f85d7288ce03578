// `npm run server -- [--port N] [--data-dir DIR] [--database postgres://...] [--vendor WORD] ...`
import { ConfigError, resolveConfig } from '../config.ts';
import { buildService } from '../app.ts';

async function main(): Promise<void> {
  const config = resolveConfig({}, process.argv.slice(2), process.env);
  const service = await buildService(config);
  const address = await service.app.listen({ host: config.host, port: config.port });
  console.log(`Service listening on ${address} (public URL ${config.publicUrl}, data in ${config.dataDir}, ${databaseLabel(config.databaseUrl)}, vendor "${config.vendor}")`);
  const stop = async () => {
    await service.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Where the database is, without the URL's credentials. */
function databaseLabel(url: string | null): string {
  if (!url) return 'database SQLite';
  const { hostname, port, pathname } = new URL(url);
  return `database PostgreSQL at ${hostname}${port ? `:${port}` : ''}${pathname}`;
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err);
  process.exit(1);
});
