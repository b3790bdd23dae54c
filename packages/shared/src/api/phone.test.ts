import { describe, expect, it } from 'vitest';
import { normalizePhone, optionalPhoneSchema, PHONE_MESSAGES } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['0171 1234567', '+49 171 1234567'],
    ['+49 (0)30 123456', '+49 30 123456'],
    ['030/123456', '+49 30 123456'],
    ['(030) 12345-67', '+49 30 1234567'],
    ['0049 30 123456', '+49 30 123456'],
    ['07031 123450', '+49 7031 123450'],
    ['+49 30 123456', '+49 30 123456'],
    ['+43 1 2345678', '+43 1 2345678'],
    ['  0171 1234567  ', '+49 171 1234567'],
  ])('%j → %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each(['123456', '030 12', 'abc', '0171 12345x', 'tel:030123456', '+49 30 123456 ext 5', '0'])(
    'refuses %j',
    (input) => {
      expect(normalizePhone(input)).toBeNull();
    },
  );

  it('is idempotent: a stored number stays as it is', () => {
    const stored = normalizePhone('0171 1234567') ?? '';
    expect(normalizePhone(stored)).toBe(stored);
  });
});

describe('optionalPhoneSchema', () => {
  it('stores empty as null and a number normalised', () => {
    expect(optionalPhoneSchema.parse('')).toBeNull();
    expect(optionalPhoneSchema.parse(null)).toBeNull();
    expect(optionalPhoneSchema.parse('030/123456')).toBe('+49 30 123456');
  });
  it('answers an invalid number with the German message', () => {
    const result = optionalPhoneSchema.safeParse('12');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([PHONE_MESSAGES.invalid]);
  });
});
