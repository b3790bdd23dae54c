import { describe, expect, it } from 'vitest';
import { createMemoryRevocationBus, parseRevocationMessage, type RevocationEvent } from './revocation-bus';

describe('revocation bus', () => {
  it('delivers in-process before publish resolves, to every listener until it unsubscribes', async () => {
    const bus = createMemoryRevocationBus();
    const seen: RevocationEvent[] = [];
    const other: RevocationEvent[] = [];
    const stop = bus.subscribe((event) => seen.push(event));
    bus.subscribe((event) => other.push(event));
    const pending = bus.publish({ kind: 'user', userId: 'u1' });
    expect(seen).toEqual([{ kind: 'user', userId: 'u1' }]);
    await pending;
    stop();
    await bus.publish({ kind: 'session', sessionId: 's1', userId: 'u1' });
    expect(seen).toHaveLength(1);
    expect(other).toHaveLength(2);
    expect(bus.trusted()).toBe(true);
  });

  it('accepts only well-formed channel messages', () => {
    expect(parseRevocationMessage('{"kind":"session","sessionId":"s-1","userId":"u_1","origin":"o"}')).toEqual({
      kind: 'session',
      sessionId: 's-1',
      userId: 'u_1',
      origin: 'o',
    });
    expect(parseRevocationMessage('{"kind":"user","userId":"u1","origin":"o"}')).toEqual({
      kind: 'user',
      userId: 'u1',
      origin: 'o',
    });
    expect(parseRevocationMessage('{"kind":"organization","organizationId":"0b6c-1","origin":"o"}')).toEqual({
      kind: 'organization',
      organizationId: '0b6c-1',
      origin: 'o',
    });
    for (const bad of [
      '',
      'null',
      '[]',
      '{"kind":"reset","origin":"o"}',
      '{"kind":"user","userId":"u1"}',
      '{"kind":"session","userId":"u1","origin":"o"}',
      '{"kind":"user","userId":"a b","origin":"o"}',
      '{"kind":"organization","origin":"o"}',
      '{"kind":"organization","organizationId":"o1"}',
    ]) {
      expect(parseRevocationMessage(bad)).toBeNull();
    }
  });
});
