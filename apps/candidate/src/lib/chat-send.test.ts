import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { outcomeOf } from './chat-send';

describe('outcomeOf', () => {
  it('retries what may work later and drops what never will', () => {
    expect(outcomeOf(new ApiError(0, 'offline'))).toBe('retry');
    expect(outcomeOf(new ApiError(503, 'down'))).toBe('retry');
    expect(outcomeOf(new ApiError(429, 'slow down'))).toBe('retry');
    expect(outcomeOf(new ApiError(409, 'Der Kontakt wurde beendet.'))).toBe('rejected');
    expect(outcomeOf(new ApiError(400, 'zu lang'))).toBe('rejected');
    expect(outcomeOf(new TypeError('boom'))).toBe('retry');
  });
});
