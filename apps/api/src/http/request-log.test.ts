import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { earlyAnswerLog } from './request-log';

const request = {
  method: 'GET',
  url: '/rest/users/current-user',
  headers: {},
  socket: new Socket(),
} as IncomingMessage;
const response = { statusCode: 200 } as ServerResponse;

describe('earlyAnswerLog', () => {
  it('writes no line and makes no request id when logging is off', () => {
    const log = Fastify({ logger: false }).log;
    const info = vi.spyOn(log, 'info');
    const requestId = vi.fn(() => 'id');

    earlyAnswerLog({ log, trustedProxies: false, requestId })(request, response, 1);

    expect(requestId).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
  });
});
