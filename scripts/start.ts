// `npm start`: runs the embedded service with its data in the app's data directory and
// prints where to reach it. (The desktop shell and browser mode take over this command
// as they land; see README.)
import path from 'node:path';
import { appDataDir } from '../shared/node/appDataDir.ts';
import { resolveConfig } from '../server/config.ts';
import { buildService } from '../server/app.ts';

const dataDir = path.join(appDataDir(), 'service');
const config = resolveConfig({ dataDir }, process.argv.slice(2), process.env);
const service = await buildService(config);
await service.app.listen({ host: config.host, port: config.port });
console.log(`RefShelf service running at ${config.publicUrl}`);
console.log(`  sign up:            ${config.publicUrl}/oauth/signup`);
console.log(`  register an app:    ${config.publicUrl}/oauth/applications`);
console.log(`  data directory:     ${config.dataDir}`);
const stop = async () => {
  await service.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
