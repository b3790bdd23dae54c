import { describe, expect, it } from 'vitest';
import { limitText } from './deck';

describe('limitText', () => {
  it('says how many requests are left today', () => {
    expect(limitText({ used: 3, perDay: 20 })).toBe('Heute kannst du noch 17 von 20 Anfragen verschicken.');
  });

  it('says when the day is used up, also past the cap', () => {
    expect(limitText({ used: 20, perDay: 20 })).toBe(
      'Für heute hast du alle 20 Anfragen verschickt. Morgen geht es weiter.',
    );
    expect(limitText({ used: 25, perDay: 20 })).toMatch(/^Für heute/);
  });
});
