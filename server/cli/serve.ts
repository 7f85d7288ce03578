// `npm run server -- [--port N] [--data-dir DIR] [--database postgres://...] [--vendor WORD] ...`
import { ConfigError, resolveConfig } from '../config.ts';
import { buildService } from '../app.ts';
import { shutDownGracefully } from '../lifecycle/gracefulShutdown.ts';

async function main(): Promise<void> {
  const config = resolveConfig({}, process.argv.slice(2), process.env);
  const service = await buildService(config);
  const address = await service.app.listen({ host: config.host, port: config.port });
  console.log(`Service listening on ${address} (public URL ${config.publicUrl}, data in ${config.dataDir}, ${databaseLabel(config.databaseUrl)}, vendor "${config.vendor}")`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: draining requests in flight (at most ${config.shutdownGraceSeconds} s)`);
    const { drained } = await shutDownGracefully(service, config.shutdownGraceSeconds * 1000);
    console.log(drained ? 'Service stopped' : 'Service stopped; requests still running at the end of the grace period were cut');
    process.exit(drained ? 0 : 1);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
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
