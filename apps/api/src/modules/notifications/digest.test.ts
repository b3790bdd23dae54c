import { describe, expect, it } from 'vitest';
import { createMemoryMailer, extractLinks } from '../../mail/mailer';
import { startSmtpSink } from '../../testing/smtp-sink';
import { berlinDate, scheduledWindowKey } from './digest';
import { composeDigestMail } from './digest-mail';
import { createUnsubscribeToken, readUnsubscribeToken } from './unsubscribe-token';

const base = {
  to: 'firma@test.example',
  name: 'Sabine Keller',
  publicUrl: 'https://matchwerk.example/',
  unsubscribeUrl: 'https://matchwerk.example/rest/notifications/unsubscribe?token=abc',
  supportEmail: 'support@matchwerk.example',
};

describe('digest mail', () => {
  it('lists counts, items, links into the app and the unsubscribe link (in-memory mailer)', async () => {
    const mailer = createMemoryMailer();
    await mailer.send(
      await composeDigestMail({
        ...base,
        interval: 'DAILY',
        matchings: [
          { applicantId: 'a1', names: ['Lea'], familyNames: ['Sommer'], vacancyTitle: 'Ausbildung Mechatroniker/in' },
          { applicantId: 'a2', names: null, familyNames: null, vacancyTitle: 'Praktikum <b>Büro</b>' },
        ],
        chats: [{ applicantId: 'a 3', names: ['Jonas'], familyNames: ['Weber'], count: 3, lastText: 'Bis   Montag!' }],
      }),
    );
    const mail = mailer.lastTo('firma@test.example')!;
    expect(mail.subject).toBe('Matchwerk: 2 neue Anfragen und 3 neue Nachrichten');
    expect(mail.text).toContain('Ihre tägliche Zusammenfassung');
    expect(mail.text).toContain('Lea Sommer interessiert sich für „Ausbildung Mechatroniker/in“');
    expect(mail.text).toContain('Jonas Weber (3 Nachrichten): „Bis Montag!“');
    expect(extractLinks(mail.text)).toEqual([
      'https://matchwerk.example/#/',
      'https://matchwerk.example/#/chat/a%203',
      'https://matchwerk.example/rest/notifications/unsubscribe?token=abc',
    ]);
    // Candidate-written text is escaped in HTML.
    expect(mail.html).toContain('Praktikum &lt;b&gt;Büro&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Büro');
    expect(mail.html).toContain('Benachrichtigungen abbestellen');
  });

  it('carries RFC 8058 one-click unsubscribe headers all the way through SMTP', async () => {
    const sink = await startSmtpSink();
    try {
      const mail = await composeDigestMail({
        ...base,
        interval: 'DAILY',
        matchings: [{ applicantId: 'a', names: ['A'], familyNames: ['B'], vacancyTitle: 'T' }],
        chats: [],
      });
      expect(mail.headers).toEqual({
        'List-Unsubscribe': `<${base.unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
      await sink.mailer.send(mail);
    } finally {
      await sink.close();
    }
    const received = sink.received.map(({ mail }) =>
      mail.headerLines
        .filter((header) => header.key.startsWith('list-'))
        .map((header) => header.line.replace(/\r?\n[ \t]+/g, ' ')),
    );
    expect(received).toEqual([
      [`List-Unsubscribe: <${base.unsubscribeUrl}>`, 'List-Unsubscribe-Post: List-Unsubscribe=One-Click'],
    ]);
  });

  it('speaks of one item in the singular and says "at once" for IMMEDIATELY', async () => {
    const mail = await composeDigestMail({
      ...base,
      interval: 'IMMEDIATELY',
      matchings: [],
      chats: [{ applicantId: 'a', names: ['A'], familyNames: ['B'], count: 1, lastText: 'Hi' }],
    });
    expect(mail.subject).toBe('Matchwerk: 1 neue Nachricht');
    expect(mail.text).toContain('es gibt Neuigkeiten');
  });
});

describe('notification windows', () => {
  it('keys daily windows by the Berlin date and weekly ones by the Berlin Monday', () => {
    // 23:30 UTC on Sunday 2026-11-22 is already Monday in Berlin.
    expect(berlinDate(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(scheduledWindowKey('DAILY', new Date('2026-11-23T06:00:00Z'))).toBe('DAILY:2026-11-23');
    expect(scheduledWindowKey('WEEKLY', new Date('2026-11-23T06:00:00Z'))).toBe('WEEKLY:2026-11-23');
    expect(scheduledWindowKey('WEEKLY', new Date('2026-11-26T12:00:00Z'))).toBe('WEEKLY:2026-11-23');
  });
});

describe('unsubscribe tokens', () => {
  it('round-trip, and refuse tampering or another secret', () => {
    const token = createUnsubscribeToken('secret-1', 'user-42');
    expect(readUnsubscribeToken('secret-1', token)).toBe('user-42');
    expect(readUnsubscribeToken('secret-2', token)).toBeNull();
    const [id, signature] = token.split('.');
    expect(readUnsubscribeToken('secret-1', `${Buffer.from('user-43').toString('base64url')}.${signature}`)).toBeNull();
    expect(readUnsubscribeToken('secret-1', `${id}.`)).toBeNull();
    expect(readUnsubscribeToken('secret-1', 'garbage')).toBeNull();
    expect(readUnsubscribeToken('secret-1', `${token}.x`)).toBeNull();
  });

  it('refuse over-long tokens before any decoding', () => {
    const token = createUnsubscribeToken('secret-1', 'x'.repeat(64));
    expect(readUnsubscribeToken('secret-1', token)).toBe('x'.repeat(64));
    expect(readUnsubscribeToken('secret-1', `${'A'.repeat(300)}.${token.split('.')[1]}`)).toBeNull();
    expect(readUnsubscribeToken('secret-1', 'A'.repeat(100_000))).toBeNull();
  });
});
