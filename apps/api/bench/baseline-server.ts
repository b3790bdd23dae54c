/**
 * The bench's baselines, each run as a process of its own (bench/run.ts starts them once): a bare
 * node:http server answering fixed JSON, or (argument `fastify`) bare Fastify answering the same
 * JSON from one route — what the framework alone costs, the reference of issue #12's title. A
 * second argument (`node 2400`) makes node:http answer that many random bytes instead: what a
 * bigger answer alone costs on loopback, with nothing computed for it. Argument `replay` makes it
 * answer whatever it was last given by `PUT /__answer` (JSON: status, headers, body as base64):
 * the same bytes a route of the app sends, so a route's ratio counts what the app computes, not
 * the size of its answer.
 * Inside the bench process a baseline shared the event loop and the CPU with PGlite and the app,
 * and its throughput swung between 62,000 and 85,000 req/s from run to run, which moved every
 * ratio (issue #12). Prints its URL as the first line on stdout and runs until its parent ends it
 * (SIGTERM) or closes stdin.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

/** The shape of a small answer of ours (a current user). */
const body = JSON.stringify({
  id: 'x',
  type: 'ORGANIZATION',
  email: 'bench@example.de',
  name: 'Bench',
  region: 'HORB',
  regions: [],
});

/** Random, as a compressed answer is: nothing on the way could make it smaller. */
const sized = process.argv[3] ? randomBytes(Number(process.argv[3])) : null;

/** What the replay baseline answers: a route's status, headers and body, byte for byte. */
interface ReplayAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}
let replayed: { status: number; headers: Record<string, string>; body: Buffer } = {
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(body),
};

function replay(request: IncomingMessage, response: ServerResponse): void {
  if (request.method === 'PUT' && request.url === '/__answer') {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReplayAnswer;
      replayed = { status: answer.status, headers: answer.headers, body: Buffer.from(answer.body, 'base64') };
      response.writeHead(204).end();
    });
    return;
  }
  response.writeHead(replayed.status, replayed.headers);
  response.end(replayed.body);
}

async function listen(): Promise<Server> {
  if (process.argv[2] === 'replay') {
    const server = createServer(replay);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return server;
  }
  if (process.argv[2] !== 'fastify') {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(sized ?? body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return server;
  }
  const app = Fastify({ logger: false });
  app.get('/', (_request, reply) => reply.type('application/json').send(body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app.server;
}

const server = await listen();
process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The bench ended without a signal (crashed): stdin closes with it, so no server is left behind.
process.stdin.on('end', stop);
process.stdin.resume();
