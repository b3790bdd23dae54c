import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { earlyAnswerLog, requestLineLevel, SLOW_REQUEST_MS } from './request-log';

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

  it('writes a good answer only at debug, and a refusal at the production level', () => {
    const lines: { level: number; res: { statusCode: number } }[] = [];
    const log = pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[number]) },
    );
    const requestId = vi.fn(() => 'id');
    const write = earlyAnswerLog({ log, trustedProxies: false, requestId });

    write(request, response, 1);
    expect(lines).toEqual([]);
    expect(requestId).not.toHaveBeenCalled();

    write(request, { statusCode: 404 } as ServerResponse, 1);
    write(request, response, SLOW_REQUEST_MS);
    expect(lines.map((line) => [line.level, line.res.statusCode])).toEqual([
      [pino.levels.values.info, 404],
      [pino.levels.values.warn, 200],
    ]);
  });
});

describe('requestLineLevel', () => {
  it('raises a line by what it tells an operator', () => {
    expect(requestLineLevel(200, 3)).toBe('debug');
    expect(requestLineLevel(304, 3)).toBe('debug');
    expect(requestLineLevel(401, 3)).toBe('info');
    expect(requestLineLevel(200, SLOW_REQUEST_MS)).toBe('warn');
    expect(requestLineLevel(503, 3)).toBe('error');
    expect(requestLineLevel(500, SLOW_REQUEST_MS * 5)).toBe('error');
  });
});
