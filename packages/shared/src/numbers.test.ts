import { describe, expect, it } from 'vitest';
import { formatEuro, formatNumber, MONEY_INPUT_MESSAGES, parseEuroInput, parseGermanNumber } from './numbers';

describe('parseEuroInput (money typed the German way)', () => {
  it.each([
    ['1.250', 1250],
    ['1250', 1250],
    ['1.250,50', 1250.5],
    ['1250,5', 1250.5],
    ['1.250 €', 1250],
    ['€ 1.250,00', 1250],
    ['1 250,50', 1250.5],
    ['1\u00a0250,50\u00a0€', 1250.5],
    ['1.250 EUR', 1250],
    ['12.500.000', 12_500_000],
    ['0,99', 0.99],
    ['  980  ', 980],
    ['-5', -5],
  ])('reads %j as %d', (text, value) => {
    expect(parseEuroInput(text)).toEqual({ ok: true, value });
  });

  it('refuses "1,250" for money instead of storing 1,25 €', () => {
    expect(parseEuroInput('1,250')).toEqual({ ok: false, error: 'TOO_MANY_DECIMALS' });
    expect(MONEY_INPUT_MESSAGES.TOO_MANY_DECIMALS).toContain('1.250');
  });

  it.each([['1.25'], ['12.5'], ['1234.5'], ['1,250.50']])('refuses the dot as decimal point in %j', (text) => {
    expect(parseEuroInput(text)).toEqual({ ok: false, error: 'DOT_AS_DECIMAL' });
  });

  it.each([['abc'], ['1.2.3'], ['1.250,'], [',5'], ['1,2,3'], ['12€34'], ['1.25,5'], ['--1']])(
    'refuses %j as unreadable',
    (text) => {
      expect(parseEuroInput(text)).toEqual({ ok: false, error: 'INVALID' });
    },
  );

  it('says when nothing was typed', () => {
    expect(parseEuroInput('')).toEqual({ ok: false, error: 'EMPTY' });
    expect(parseEuroInput(' € ')).toEqual({ ok: false, error: 'EMPTY' });
  });

  it('reads back everything formatEuro writes', () => {
    for (const value of [0, 0.5, 9.99, 1250, 1250.5, 100_000]) {
      expect(parseEuroInput(formatEuro(value))).toEqual({ ok: true, value });
    }
  });
});

describe('parseGermanNumber (plain numbers)', () => {
  it('reads "1,250" as 1,25 when decimals are not limited', () => {
    expect(parseGermanNumber('1,250')).toEqual({ ok: true, value: 1.25 });
    expect(parseGermanNumber('1.250')).toEqual({ ok: true, value: 1250 });
  });
});

describe('formatting', () => {
  it('shows money and numbers the German way', () => {
    expect(formatEuro(1250)).toBe('1.250,00\u00a0€');
    expect(formatEuro(1250.5)).toBe('1.250,50\u00a0€');
    expect(formatNumber(4000)).toBe('4.000');
    expect(formatNumber(3980)).toBe('3.980');
    expect(formatNumber(1250.5)).toBe('1.250,5');
    expect(formatNumber(2.345, 1)).toBe('2,3');
  });
});
