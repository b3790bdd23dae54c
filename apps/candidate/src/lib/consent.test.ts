import type { CurrentUserConsent } from '@matchwerk/shared';
import { describe, expect, it } from 'vitest';
import {
  consentBlocks,
  consentNotice,
  consentStatusText,
  mayResend,
  sameConsent,
  showsConsentSection,
} from './consent';

const pending: CurrentUserConsent = {
  status: 'PENDING',
  mayContact: false,
  blockedActions: ['INTEREST', 'CHAT'],
  message: 'Deine Eltern müssen noch zustimmen, bevor du Interesse zeigen oder chatten kannst.',
};
const confirmed: CurrentUserConsent = { status: 'CONFIRMED', mayContact: true, blockedActions: [], message: null };
const notRequired: CurrentUserConsent = { status: 'NOT_REQUIRED', mayContact: true, blockedActions: [], message: null };

describe('consentBlocks', () => {
  it('blocks interest and chat until a parent confirmed', () => {
    expect(consentBlocks(pending, 'INTEREST')).toBe(true);
    expect(consentBlocks(pending, 'CHAT')).toBe(true);
    expect(consentBlocks(confirmed, 'INTEREST')).toBe(false);
    expect(consentBlocks(notRequired, 'CHAT')).toBe(false);
  });

  it('blocks nothing while the consent is unknown: the server decides', () => {
    expect(consentBlocks(null, 'INTEREST')).toBe(false);
  });

  it('blocks only what the server lists, and both when an answer lists nothing', () => {
    expect(consentBlocks({ ...pending, blockedActions: ['CHAT'] }, 'INTEREST')).toBe(false);
    expect(consentBlocks({ ...pending, blockedActions: [] }, 'INTEREST')).toBe(true);
  });
});

describe('consentNotice', () => {
  it("uses the server's words", () => {
    expect(consentNotice(pending, 'INTEREST')).toBe(pending.message);
  });

  it('has its own words per state when the server sends none', () => {
    expect(consentNotice({ ...pending, message: null }, 'CHAT')).toMatch(/^Deine Eltern müssen noch zustimmen/);
    expect(consentNotice({ ...pending, status: 'DECLINED', message: '  ' }, 'CHAT')).toMatch(/nicht zugestimmt/);
    expect(consentNotice({ ...pending, status: 'REVOKED', message: null }, 'CHAT')).toMatch(/zurückgenommen/);
  });

  it('is null when nothing is blocked', () => {
    expect(consentNotice(confirmed, 'INTEREST')).toBeNull();
    expect(consentNotice(null, 'INTEREST')).toBeNull();
  });
});

describe('the settings section', () => {
  it('shows for candidates under 16 only', () => {
    expect(showsConsentSection(pending)).toBe(true);
    expect(showsConsentSection(confirmed)).toBe(true);
    expect(showsConsentSection(notRequired)).toBe(false);
    expect(showsConsentSection(null)).toBe(false);
  });

  it('offers the mail again until a parent confirmed', () => {
    expect(mayResend('PENDING')).toBe(true);
    expect(mayResend('DECLINED')).toBe(true);
    expect(mayResend('REVOKED')).toBe(true);
    expect(mayResend('CONFIRMED')).toBe(false);
    expect(mayResend('NOT_REQUIRED')).toBe(false);
  });

  it('says the state in words, with the day', () => {
    expect(consentStatusText({ status: 'PENDING', requestedAt: '2026-12-01T12:00:00.000Z', decidedAt: null })).toBe(
      'Deine Eltern haben noch nicht zugestimmt. Die E-Mail ging am 1. Dezember 2026 raus.',
    );
    expect(consentStatusText({ status: 'PENDING', requestedAt: null, decidedAt: null })).toBe(
      'Deine Eltern haben noch nicht zugestimmt.',
    );
    expect(consentStatusText({ status: 'CONFIRMED', requestedAt: null, decidedAt: '2026-12-03T12:00:00.000Z' })).toBe(
      'Deine Eltern haben zugestimmt (am 3. Dezember 2026).',
    );
  });
});

describe('sameConsent', () => {
  it('tells a change from a refresh that changes nothing', () => {
    expect(sameConsent(pending, { ...pending, blockedActions: ['INTEREST', 'CHAT'] })).toBe(true);
    expect(sameConsent(pending, confirmed)).toBe(false);
    expect(sameConsent(null, null)).toBe(true);
    expect(sameConsent(null, pending)).toBe(false);
  });
});
