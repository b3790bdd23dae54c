import { describe, expect, it } from 'vitest';
import {
  formatEuro,
  formatNumber,
  formatPercent,
  MONEY_INPUT_MESSAGES,
  parseEuroInput,
  parseGermanNumber,
} from './numbers';

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

  it('writes what Intl.NumberFormat writes for German, without asking it', () => {
    const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
    const values = [
      0,
      -0,
      1,
      -1,
      0.5,
      0.125,
      0.005,
      1.005,
      2.5,
      -2.5,
      9.995,
      999.999,
      1000,
      1234.5,
      -1250.5,
      -0.001,
      12_345_678.9,
      100_000,
      0.1 + 0.2,
      1e15 + 0.3,
      123_456_789_012_345_680_000,
      1e21,
      2 ** 53,
      Number.MAX_VALUE,
      NaN,
      Infinity,
      -Infinity,
    ];
    // A spread of magnitudes and fractions, also of halves that a float cannot hold exactly.
    for (let i = 0; i < 2000; i++) values.push(Math.round(Math.sin(i) * 10 ** (i % 9) * 1000) / 1000, i / 8, -i * 1.5);
    const formats = [0, 1, 2, 3].map((digits) => ({
      digits,
      plain: new Intl.NumberFormat('de-DE', { maximumFractionDigits: digits }),
      percent: new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: digits }),
    }));
    for (const value of values) {
      expect(formatEuro(value), String(value)).toBe(euro.format(value));
      for (const { digits, plain, percent } of formats) {
        expect(formatNumber(value, digits), `${value} (${digits})`).toBe(plain.format(value));
        expect(formatPercent(value / 1000, digits), `${value / 1000} % (${digits})`).toBe(percent.format(value / 1000));
      }
    }
  });
});
