// The floor of the service bench: a minimal Fastify server in a process of its own that
// answers GET /<name> with the bytes of <dir>/<name>.body (and the media type in
// <name>.type), so the service's figures stand beside a server doing no work but HTTP.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';

const [dir, port] = [process.argv[2], Number(process.argv[3])];
if (!dir || !Number.isInteger(port)) {
  console.error('Usage: floorServer.ts DIR PORT');
  process.exit(2);
}
const app = Fastify({ logger: false });
for (const file of readdirSync(dir).filter((f) => f.endsWith('.body'))) {
  const name = path.basename(file, '.body');
  const body = readFileSync(path.join(dir, file));
  const type = readFileSync(path.join(dir, `${name}.type`), 'utf8');
  app.get(`/${name}`, async (_request, reply) => reply.type(type).send(body));
}
app.listen({ host: '127.0.0.1', port }).then(
  () => console.log('floor listening'),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
