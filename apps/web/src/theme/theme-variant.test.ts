import { describe, expect, it } from 'vitest';
import { themeVariantFor } from './theme-variant';

describe('themeVariantFor', () => {
  it('uses the default look without URL marker or themed region', () => {
    expect(themeVariantFor({ href: 'https://app.matchwerk.de/#/login' })).toEqual({ name: 'default' });
    expect(themeVariantFor({ href: 'https://app.matchwerk.de/', region: 'SOEST' }).name).toBe('default');
  });

  it('picks the variant from a URL substring, case-insensitively', () => {
    expect(themeVariantFor({ href: 'https://anhalt-bitterfeld.matchwerk.de/' }).name).toBe('anhaltBitterfeld');
    expect(themeVariantFor({ href: 'https://HORB.matchwerk.de/' })).toMatchObject({ name: 'horb', accent: '#3a84c5' });
    expect(themeVariantFor({ href: 'https://x.de/mitz/' }).name).toBe('mitz');
    expect(themeVariantFor({ href: 'https://monheim.matchwerk.de/' }).name).toBe('monheim');
    expect(themeVariantFor({ href: 'https://oehringen.matchwerk.de/' })).toMatchObject({ accent: '#eb1c27' });
  });

  it('lets the URL win over the region', () => {
    expect(themeVariantFor({ href: 'https://horb.matchwerk.de/', region: 'OEHRINGEN' }).name).toBe('horb');
  });

  it('picks the variant from the user region for the three themed regions', () => {
    expect(themeVariantFor({ href: 'https://app.matchwerk.de/', region: 'ANHALT_BITTERFELD' }).accent).toBe('#132566');
    expect(themeVariantFor({ href: 'https://app.matchwerk.de/', region: 'HORB' }).name).toBe('horb');
    expect(themeVariantFor({ href: 'https://app.matchwerk.de/', region: 'OEHRINGEN' }).name).toBe('oehringen');
    expect(themeVariantFor({ href: 'https://app.matchwerk.de/', region: 'MONHEIM_AM_RHEIN' }).name).toBe('default');
  });

  it('changes the error colour only for Öhringen and Anhalt-Bitterfeld', () => {
    const withError = ['anhalt-bitterfeld', 'horb', 'mitz', 'monheim', 'oehringen'].filter(
      (marker) => themeVariantFor({ href: `https://${marker}.de/` }).error,
    );
    expect(withError).toEqual(['anhalt-bitterfeld', 'oehringen']);
  });
});
