import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idSchema, optionalDateSchema, optionalText, requiredText } from './fields';
import {
  DATE_RANGE_MESSAGE,
  FORBIDDEN_CHARACTERS_MESSAGE,
  hasForbiddenCharacters,
  INVALID_DATE_MESSAGE,
  isDateInRange,
} from './input-rules';

function firstMessage(result: { success: boolean; error?: z.ZodError }): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('hasForbiddenCharacters', () => {
  it('finds NUL, other control characters and lone surrogates', () => {
    for (const value of ['a\u0000b', '\u0007', '\u001b[31m', 'x\ud800', '\udfffx', '\ud83d'])
      expect(hasForbiddenCharacters(value), JSON.stringify(value)).toBe(true);
  });
  it('accepts ordinary text with umlauts, emoji, tabs and line breaks', () => {
    for (const value of ['', 'Müller & Söhne GmbH', 'Zeile 1\r\nZeile 2\tEnde', 'Top 😀 Team', '€ 1.250,50'])
      expect(hasForbiddenCharacters(value), value).toBe(false);
  });
});

describe('shared text builders', () => {
  it('refuse NUL with the German message', () => {
    expect(firstMessage(requiredText(80, 'Bitte Namen angeben.', 'Der Name').safeParse('Firma\u0000GmbH'))).toBe(
      FORBIDDEN_CHARACTERS_MESSAGE,
    );
    expect(firstMessage(optionalText(80, 'Der Text').safeParse('a\ud800'))).toBe(FORBIDDEN_CHARACTERS_MESSAGE);
    expect(idSchema.safeParse('abc\u0000').success).toBe(false);
  });
});

describe('optionalDateSchema', () => {
  it('accepts 1900-01-01 to 2100-12-31 and empty', () => {
    expect(optionalDateSchema.parse('1900-01-01')).toBe('1900-01-01');
    expect(optionalDateSchema.parse('2100-12-31')).toBe('2100-12-31');
    expect(optionalDateSchema.parse('')).toBeNull();
  });
  it('refuses year 0000 and dates outside the range with the range message', () => {
    for (const value of ['0000-01-01', '0001-01-01', '1899-12-31', '2101-01-01', '9999-12-31']) {
      expect(firstMessage(optionalDateSchema.safeParse(value)), value).toBe(DATE_RANGE_MESSAGE);
      expect(isDateInRange(value)).toBe(false);
    }
  });
  it('refuses five-digit years and impossible days as invalid dates', () => {
    for (const value of ['99999-12-31', '2024-02-30', '+275760-09-13', '2027-09-01T00:00:00Z']) {
      expect(
        optionalDateSchema.safeParse(value).error?.issues.map((issue) => issue.message),
        value,
      ).toEqual([INVALID_DATE_MESSAGE]);
    }
  });
});

describe('German zod messages', () => {
  it('replace the English defaults', () => {
    const schema = z.object({ name: z.string().max(3), count: z.number().int().min(1), kind: z.enum(['A', 'B']) });
    const messages = schema
      .safeParse({ name: 'zu lang', count: 0, kind: 'C' })
      .error?.issues.map((issue) => issue.message);
    expect(messages).toEqual([
      'Höchstens 3 Zeichen erlaubt.',
      'Der Wert muss mindestens 1 sein.',
      'Bitte wählen Sie einen der vorgesehenen Werte.',
    ]);
    expect(firstMessage(z.object({ a: z.string() }).safeParse({}))).toBe('Bitte füllen Sie dieses Feld aus.');
    expect(firstMessage(z.object({ a: z.string() }).safeParse({ a: null }))).toBe(
      'Dieser Wert hat nicht das erwartete Format.',
    );
  });
});
