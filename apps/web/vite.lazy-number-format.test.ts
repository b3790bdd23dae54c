import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAZY_BUILD_FORMAT_NUMBER_SOURCE, lazyNumberFormat } from './vite.lazy-number-format';

type BuildFormatNumber = (locale: string) => (value: number) => string;

const muiFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../node_modules/@mui/material/locale/utils/buildFormatNumber.mjs',
);

/** The replacement's source run as a function (a module of its own from a string, without a file). */
function lazyBuildFormatNumber(): BuildFormatNumber {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- our own constant source, the thing under test
  const factory = new Function(
    LAZY_BUILD_FORMAT_NUMBER_SOURCE.replace('export default function', 'return function'),
  ) as () => BuildFormatNumber;
  return factory();
}

describe('lazyNumberFormat (MUI buildFormatNumber without an Intl.NumberFormat at import)', () => {
  it('replaces the module MUI has at that path', () => {
    expect(existsSync(muiFile)).toBe(true);
    const loadHook = lazyNumberFormat().load as (id: string) => string | null;
    expect(loadHook(muiFile)).toBe(LAZY_BUILD_FORMAT_NUMBER_SOURCE);
    expect(loadHook(`${muiFile}?v=1234`)).toBe(LAZY_BUILD_FORMAT_NUMBER_SOURCE);
    expect(loadHook(muiFile.replace('buildFormatNumber', 'other'))).toBeNull();
  });

  it('formats as MUI does', async () => {
    const original = ((await import(/* @vite-ignore */ muiFile)) as { default: BuildFormatNumber }).default;
    const lazy = lazyBuildFormatNumber();
    for (const locale of ['en-US', 'de-DE', 'not a locale']) {
      const expected = original(locale);
      const actual = lazy(locale);
      for (const value of [0, 7, 1234, 1_234_567.891, -42, NaN, Infinity]) expect(actual(value)).toBe(expected(value));
    }
  });

  it('makes the Intl.NumberFormat on the first number, not before', () => {
    const lazy = lazyBuildFormatNumber();
    const Original = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        made += 1;
      }
    } as typeof Intl.NumberFormat;
    try {
      const format = lazy('en-US');
      expect(made).toBe(0);
      expect(format(1234)).toBe('1,234');
      expect(format(5678)).toBe('5,678');
      expect(made).toBe(1);
    } finally {
      Intl.NumberFormat = Original;
    }
  });
});
