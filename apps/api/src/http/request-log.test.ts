import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest, requestLineLevel, SLOW_REQUEST_MS } from './request-log';

describe('OneLinePerRequest', () => {
  it('writes a good answer only at debug, and a refusal at the production level', async () => {
    const lines: { level: number; msg: string; res?: { statusCode: number } }[] = [];
    const app = Fastify({
      loggerInstance: pino(
        { level: 'info' },
        { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[number]) },
      ),
      logController: new OneLinePerRequest(),
    });
    app.get('/gut', () => ({ ok: true }));
    try {
      await app.inject({ method: 'GET', url: '/gut' });
      await app.inject({ method: 'GET', url: '/fehlt' });

      const requestLines = lines.filter((line) => line.msg === 'request completed');
      expect(requestLines.map((line) => [line.level, line.msg, line.res?.statusCode])).toEqual([
        [pino.levels.values.info, 'request completed', 404],
      ]);
    } finally {
      await app.close();
    }
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
