import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';

// The subset of i18next's behaviour the German texts rely on (ADR 0053).
// Test keys are not in the typed texts: call the same function untyped.
const t = i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string;

describe('i18n', () => {
  i18n.addResourceBundle('de', 'translation', {
    i18nTest: {
      greeting: 'Hallo {{name}}, {{ name }}!',
      items_one: '{{count}} Eintrag',
      items_other: '{{count}} Einträge',
      nothing_zero: 'Keine',
      nothing_other: '{{count}} Stück',
      plain: 'Ohne Mehrzahl {{count}}',
    },
  });

  it('reads dotted keys and interpolates without escaping', () => {
    expect(i18n.t('common.loading')).toBe('Wird geladen…');
    expect(t('i18nTest.greeting', { name: '<b>Ä</b>' })).toBe('Hallo <b>Ä</b>, <b>Ä</b>!');
  });

  it('keeps a placeholder whose variable is not passed and empties one passed as undefined', () => {
    expect(t('i18nTest.greeting')).toBe('Hallo {{name}}, {{ name }}!');
    expect(t('i18nTest.greeting', { name: undefined })).toBe('Hallo , !');
  });

  it('picks the German plural form by count, _zero for 0 when present, the bare key otherwise', () => {
    expect(t('i18nTest.items', { count: 1 })).toBe('1 Eintrag');
    expect(t('i18nTest.items', { count: 0 })).toBe('0 Einträge');
    expect(t('i18nTest.items', { count: 3 })).toBe('3 Einträge');
    expect(t('i18nTest.nothing', { count: 0 })).toBe('Keine');
    expect(t('i18nTest.nothing', { count: 2 })).toBe('2 Stück');
    expect(t('i18nTest.plain', { count: 2 })).toBe('Ohne Mehrzahl 2');
  });

  it('answers a missing text with its key and merges bundles without overwriting', () => {
    expect(t('i18nTest.missing')).toBe('i18nTest.missing');
    expect(i18n.exists('i18nTest.missing')).toBe(false);
    i18n.addResourceBundle('de', 'translation', { i18nTest: { plain: 'anders', added: 'neu' } });
    expect(t('i18nTest.plain')).toBe('Ohne Mehrzahl {{count}}');
    expect(t('i18nTest.added')).toBe('neu');
    expect(i18n.exists('i18nTest.added')).toBe(true);
  });
});
