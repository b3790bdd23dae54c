import { formatLegalVersion, PRIVACY_VERSION, TERMS_VERSION } from '@matchwerk/shared';
import { describe, expect, it } from 'vitest';
import privacyHtml from '../../public/legal/datenschutz.html?raw';
import termsHtml from '../../public/legal/nutzungsbedingungen.html?raw';

describe('legal texts and their versions (ADR 0037)', () => {
  it('print the version of packages/shared as "Fassung vom", so text and version change together', () => {
    expect(privacyHtml).toContain(`Fassung vom ${formatLegalVersion(PRIVACY_VERSION)}`);
    expect(termsHtml).toContain(`Fassung vom ${formatLegalVersion(TERMS_VERSION)}`);
  });
});
