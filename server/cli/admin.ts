// Administration from the shell: `npm run admin -- <command> [options]`.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resolveConfig } from '../config.ts';
import { openDatabase } from '../storage/database.ts';
import { migrateToPostgres } from '../storage/migrateToPostgres.ts';
import { TokenService } from '../auth/tokenService.ts';
import { createAccount, normaliseEmail, registerClient } from '../auth/accounts.ts';
import { HttpError } from '../http/errors.ts';
import { grantSubmissionSystem } from '../datasets/submissionSystems.ts';
import { enableImplicitGrant } from '../oauth/oauthClients.ts';

const USAGE = `Usage: npm run admin -- <command> [options] [--data-dir DIR] [--database postgres://...]

Commands:
  create-user     --email E --password P --first-name F --last-name L
  register-client --name N --redirect-uri URI [--redirect-uri URI ...] [--public]
                  prints the client id and (for confidential clients) its secret, once
  issue-token     --email E [--client-id ID]
                  prints an access token for that user (for scripts and tests)
  grant-submission-system NAME --client ID
                  lets that client application register submissions under NAME
  enable-implicit --client ID
                  allows the implicit grant (response_type=token) for that client
  migrate-to-postgres --from DIR/service.sqlite --to postgres://...
                  copies a stopped SQLite service's data into an empty PostgreSQL
                  database, verified by row counts and checksums; then start the
                  service with --database on the same data directory (file bytes stay)
`;

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      'data-dir': { type: 'string' },
      database: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      name: { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true },
      public: { type: 'boolean' },
      'client-id': { type: 'string' },
      client: { type: 'string' },
    },
    allowPositionals: true,
  });
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (command === 'migrate-to-postgres') return copyToPostgres(values.from, values.to);
  const config = resolveConfig({ ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}), ...(values.database ? { databaseUrl: values.database } : {}) }, [], process.env);
  const database = await openDatabase(config.dataDir, config.databaseUrl);
  const need = (name: keyof typeof values): string => {
    const v = values[name];
    if (typeof v !== 'string' || !v) throw new HttpError(400, `--${name} is required`);
    return v;
  };
  try {
    switch (command) {
      case 'create-user': {
        const { id, email } = await createAccount(database.db, {
          email: need('email'),
          password: need('password'),
          first_name: need('first-name'),
          last_name: need('last-name'),
        });
        // An administrator vouches for the address: it counts as verified.
        await database.db.updateTable('profiles').set({ verified: 1 }).where('id', '=', id).execute();
        console.log(`Created user ${email} with profile id ${id} (address verified)`);
        return 0;
      }
      case 'register-client': {
        const client = await registerClient(database.db, {
          name: need('name'),
          redirectUris: values['redirect-uri'] ?? [],
          isPublic: Boolean(values.public),
        });
        console.log(`client_id:     ${client.id}`);
        if (client.secret) console.log(`client_secret: ${client.secret}\n(The secret is shown only now; it is stored as a hash.)`);
        else console.log('Public client: no secret; use the authorization code grant with PKCE.');
        return 0;
      }
      case 'issue-token': {
        const email = normaliseEmail(need('email'));
        const profile = await database.db.selectFrom('profiles').select('id').where('email', '=', email).executeTakeFirst();
        if (!profile) throw new HttpError(404, `No user with e-mail ${email}`);
        const clientId = values['client-id'] ?? 'admin-cli';
        const tokens = new TokenService(database.db, config.tokenLifetimeSeconds, config.refreshTokenLifetimeSeconds);
        const issued = await tokens.issue(clientId, profile.id, 'all', false);
        console.log(issued.accessToken);
        return 0;
      }
      case 'grant-submission-system': {
        const name = positionals[0];
        if (!name) throw new HttpError(400, 'Name the submission system: grant-submission-system NAME --client ID');
        const outcome = await grantSubmissionSystem(database.db, name, need('client'));
        const moved = outcome === 'moved' ? ' (taken from the client that had it)' : '';
        console.log(outcome === 'unchanged' ? `${name} was granted to that client already` : `${name} is granted to client ${values.client}${moved}`);
        return 0;
      }
      case 'enable-implicit': {
        await enableImplicitGrant(database.db, need('client'));
        console.log(`The implicit grant is enabled for client ${values.client}`);
        return 0;
      }
      default:
        console.error(`Unknown command "${command}".\n${USAGE}`);
        return 2;
    }
  } finally {
    await database.close();
  }
}

async function copyToPostgres(from: string | undefined, to: string | undefined): Promise<number> {
  if (!from || !to) throw new HttpError(400, 'Name both databases: migrate-to-postgres --from DIR/service.sqlite --to postgres://...');
  // The URL is checked as the service would check it.
  const url = resolveConfig({ databaseUrl: to }).databaseUrl!;
  const tables = await migrateToPostgres(path.resolve(from), url, (line) => console.log(line));
  const rows = tables.reduce((n, t) => n + t.rows, 0);
  console.log(`Copied ${rows} rows in ${tables.length} tables; counts and checksums match.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`Error: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
