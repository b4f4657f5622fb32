// The yardstick: a bare Fastify route per path that answers exactly the bytes Soko answers,
// with nothing else (no validation, no database, no hooks). Soko's figures are read as a ratio
// to this one, measured in the same run on the same machine.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [fixturesFile, port] = process.argv.slice(2);
const fixtures = JSON.parse(readFileSync(fixturesFile, 'utf8'));
const app = Fastify({ logger: false });
for (const { path, contentType, body } of fixtures) {
  app.get(path, (_request, reply) => reply.type(contentType).send(body));
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
