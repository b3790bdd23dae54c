import Fastify from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OneLinePerRequest } from './request-log';
import { lazyRequestLogger } from './request-logger';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  step?: string;
}

function appLoggingTo(lines: Line[]) {
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Line) });
  const app = Fastify({
    loggerInstance: logger,
    childLoggerFactory: lazyRequestLogger,
    logController: new OneLinePerRequest(),
    genReqId: () => 'request-1',
  });
  app.get('/quiet', () => ({ ok: true }));
  app.get('/noted', (request) => {
    request.log.warn('noted');
    request.log.child({ step: 'inner' }).info('inner note');
    return { ok: true };
  });
  app.get('/refused', (_request, reply) => reply.code(404).send({ ok: false }));
  return { app, logger };
}

describe('lazyRequestLogger', () => {
  const apps: { close(): PromiseLike<unknown> }[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('makes no pino child for a request that writes no line', async () => {
    const lines: Line[] = [];
    const { app, logger } = appLoggingTo(lines);
    apps.push(app);
    await app.ready();
    const child = vi.spyOn(logger, 'child');

    const answer = await app.inject('/quiet');

    expect(answer.statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('binds the request id to every line a request writes, its children and the request line', async () => {
    const lines: Line[] = [];
    const { app } = appLoggingTo(lines);
    apps.push(app);

    await app.inject('/noted');
    await app.inject('/refused');

    expect(lines.map(({ level, msg, reqId, step }) => ({ level, msg, reqId, step }))).toEqual([
      { level: pino.levels.values.warn, msg: 'noted', reqId: 'request-1', step: undefined },
      { level: pino.levels.values.info, msg: 'inner note', reqId: 'request-1', step: 'inner' },
      { level: pino.levels.values.info, msg: 'request completed', reqId: 'request-1', step: undefined },
    ]);
  });

  it('reads and sets the level as a pino child would', () => {
    const root = pino({ level: 'info' }, { write: () => undefined });
    const log = lazyRequestLogger.call(Fastify(), root, { reqId: 'r' }, {}, {} as never);

    expect(log.level).toBe('info');
    log.level = 'debug';
    expect(log.level).toBe('debug');
    expect(root.level).toBe('info');
  });
});
