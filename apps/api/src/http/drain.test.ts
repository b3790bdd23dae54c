import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDraining } from './drain';

let server: http.Server;
let agent: http.Agent;

beforeAll(async () => {
  server = http.createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
});

afterAll(async () => {
  agent.destroy();
  await new Promise((resolve) => server.close(resolve));
});

function get(): Promise<{ connection: string | undefined; socket: unknown }> {
  return new Promise((resolve, reject) => {
    const { port } = server.address() as AddressInfo;
    http
      .get({ host: '127.0.0.1', port, agent }, (response) => {
        response.resume();
        response.on('end', () => resolve({ connection: response.headers.connection, socket: response.socket }));
      })
      .on('error', reject);
  });
}

describe('startDraining', () => {
  it('keeps connections alive before, and closes each after its answer once draining', async () => {
    const first = await get();
    const second = await get();
    expect(first.connection).toBe('keep-alive');
    expect(second.socket).toBe(first.socket);

    startDraining(server);
    const drained = await get();
    expect(drained.connection).toBe('close');
    const after = await get();
    expect(after.socket).not.toBe(first.socket);
  });
});
