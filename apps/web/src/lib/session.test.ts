import { describe, expect, it } from 'vitest';
import { sessionProbeSchema } from './session';

describe('sessionProbeSchema (checked without zod)', () => {
  it('accepts a signed-out answer (null) and a session with an id', () => {
    expect(sessionProbeSchema.safeParse(null)).toEqual({ success: true, data: null });
    expect(sessionProbeSchema.safeParse({ session: { id: 's1', token: 'x' }, user: {} })).toEqual({
      success: true,
      data: { session: { id: 's1' } },
    });
  });

  it('refuses anything else', () => {
    for (const answer of [undefined, {}, { session: null }, { session: { id: 1 } }, 'session']) {
      expect(sessionProbeSchema.safeParse(answer).success).toBe(false);
    }
  });
});
