// A throwaway PostgreSQL cluster for tests and benches: initdb in a temporary folder, the
// server on a free loopback port with trust authentication, removed on stop. PostgreSQL
// refuses to run as root, so under root the cluster belongs to the unprivileged `postgres`
// user the Debian package creates.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../shared/node/freePort.ts';

export interface PgCluster {
  /** A superuser URL of the cluster's `postgres` database. */
  url: string;
  stop(): void;
}

/** The folder holding initdb and pg_ctl, or undefined when PostgreSQL is not installed. */
export function findPgBin(): string | undefined {
  const onPath = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return path.dirname(realPath(onPath));
  const debian = '/usr/lib/postgresql';
  if (!existsSync(debian)) return undefined;
  const versions = readdirSync(debian).filter((v) => existsSync(path.join(debian, v, 'bin', 'pg_ctl')));
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(debian, newest, 'bin') : undefined;
}

function realPath(file: string): string {
  return execFileSync('readlink', ['-f', file], { encoding: 'utf8' }).trim();
}


/**
 * Starts a throwaway cluster. `settings` are server settings given on the command line
 * (for example shared_buffers, which a bench sizes as a deployment would).
 */
export async function startPgCluster(bin = findPgBin(), settings: Record<string, string> = {}): Promise<PgCluster> {
  if (!bin) throw new Error('PostgreSQL is not installed: no pg_ctl on PATH or under /usr/lib/postgresql');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-pg-'));
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? 'postgres' : os.userInfo().username;
  if (asRoot) {
    const { uid, gid } = idsOf('postgres');
    chownSync(dir, uid, gid);
  }
  const run = (program: string, args: string[]) => {
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]] : [path.join(bin, program), args];
    const result = spawnSync(cmd, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${program} failed (${String(result.status)}): ${result.stderr || result.stdout}`);
  };
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', user, '-E', 'UTF8', '--no-locale', '--no-sync']);
  const port = await freePort();
  // fsync off: a throwaway cluster need not survive a crash, and tests write a lot.
  const given = Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`).join('');
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400${given}`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '120', 'start']);
  return {
    url: `postgres://${user}@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function idsOf(user: string): { uid: number; gid: number } {
  return {
    uid: Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim()),
  };
}
