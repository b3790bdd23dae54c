import { describe, expect, it } from 'vitest';
import { composeFeedbackMail } from '../modules/feedback/feedback-mail';
import { composeDigestMail } from '../modules/notifications/digest-mail';
import { startSmtpSink } from '../testing/smtp-sink';
import type { MailMessage } from './mailer';
import * as templates from './templates';
import { authActionUrl, escapeHtml, mailLine } from './templates';

const HOSTILE = 'Max\r\nBcc: x@y.de <script>alert(1)</script>';

type AnyTemplate = (input: Record<string, unknown>) => Promise<MailMessage>;

/** Every exported *Mail template, so templates added later are checked too. */
const TEMPLATES: [string, AnyTemplate][] = Object.entries(templates)
  .filter(([name, value]) => name.endsWith('Mail') && typeof value === 'function')
  // Each template takes its own input type; the hostile input below is a superset of them all.
  .map(([name, value]) => [name, value as unknown as AnyTemplate]);

/** Each template with the hostile value in every user-supplied field it might take. */
function hostileMail(template: AnyTemplate): Promise<MailMessage> {
  return template({
    to: 'max@test.example',
    name: HOSTILE,
    supportEmail: 'support@matchwerk.example',
    url: 'https://matchwerk.example/#/authaction?mode=verifyEmail&token=abc',
    loginUrl: 'https://matchwerk.example/#/login',
    newEmail: HOSTILE,
    minutes: 15,
  });
}

function expectSafe(mail: MailMessage, label: string) {
  expect(mail.subject, label).not.toMatch(/[\r\n]/);
  const lines = mail.text.split('\n');
  expect(
    lines.filter((line) => /^\s*Bcc:/i.test(line)),
    label,
  ).toEqual([]);
  expect(mail.text, label).not.toMatch(/\r/);
  expect(mail.html, label).not.toMatch(/<script/i);
  expect(mail.html, label).not.toMatch(/[\r\n]Bcc:/i);
}

describe('mail templates: user-supplied values cannot add lines or markup', () => {
  it('covers the templates', () => {
    expect(TEMPLATES.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'verifyEmailMail',
        'resetPasswordMail',
        'confirmEmailChangeMail',
        'recoverEmailMail',
        'alreadyRegisteredMail',
      ]),
    );
  });

  for (const [name, template] of TEMPLATES) {
    it(`${name}: the name stays on the greeting line, escaped in HTML`, async () => {
      const mail = await hostileMail(template);
      expectSafe(mail, name);
      expect(mail.text.split('\n')[0]).toBe('Guten Tag Max Bcc: x@y.de <script>alert(1)</script>,');
      expect(mail.html).toContain('Guten Tag Max Bcc: x@y.de &lt;script&gt;alert(1)&lt;/script&gt;,');
    });
  }

  it('the notification digest: candidate names, posting titles and chat excerpts too', async () => {
    const mail = await composeDigestMail({
      to: 'firma@test.example',
      name: HOSTILE,
      interval: 'IMMEDIATELY',
      matchings: [
        {
          applicantId: 'a1',
          names: [HOSTILE],
          familyNames: ['Muster\nTo: z@y.de'],
          vacancyTitle: `Ausbildung\r\nCc: c@y.de <img src=x onerror=alert(2)>`,
        },
      ],
      chats: [
        {
          applicantId: 'a2',
          names: ['Lea\u2028Bcc: l@y.de'],
          familyNames: null,
          count: 1,
          lastText: 'Hallo\u0085Bcc: t@y.de <b>fett</b>',
        },
      ],
      publicUrl: 'https://matchwerk.example',
      unsubscribeUrl: 'https://matchwerk.example/rest/notifications/unsubscribe?token=abc',
      supportEmail: 'support@matchwerk.example',
    });
    expectSafe(mail, 'digest');
    expect(mail.text.split('\n').filter((line) => /^\s*(To|Cc|Bcc):/i.test(line))).toEqual([]);
    expect(mail.text).toContain('„Ausbildung Cc: c@y.de <img src=x onerror=alert(2)>“');
    expect(mail.html).not.toMatch(/<img|<b>/);
  });

  it('the feedback mail: sender, organisation, page and category stay single lines; the message is body text, escaped in HTML', async () => {
    const mail = await composeFeedbackMail({
      to: 'support@matchwerk.example',
      categoryLabel: 'Problem',
      sender: {
        name: HOSTILE,
        email: 'max@test.example',
        roleLabel: 'Unternehmen',
        organizationName: 'Firma\r\nCc: c@y.de <b>GmbH</b>',
      },
      pageUrl: 'https://matchwerk.example/#/vacancies\nBcc: p@y.de',
      message: 'Zeile 1\r\nBcc: m@y.de\n<script>alert(3)</script>',
      hasScreenshot: false,
      receivedAt: '26.11.2026, 09:00',
    });
    expectSafe(mail, 'feedback');
    expect(mail.subject).toBe('Feedback (Problem) von Max Bcc: x@y.de <script>alert(1)</script>');
    // Header-looking text only inside the message body, after "Nachricht:", never among the fields.
    const fields = mail.text.split('\nNachricht:\n')[0]!.split('\n');
    expect(fields.filter((line) => /^\s*(To|Cc|Bcc):/i.test(line))).toEqual([]);
    expect(fields).toContain('Unternehmen: Firma Cc: c@y.de <b>GmbH</b>');
    expect(mail.html).not.toMatch(/<b>GmbH/);
    expect(mail.text).toContain('Nachricht:\n> Zeile 1\n> Bcc: m@y.de\n> <script>alert(3)</script>');
    expect(mail.headers?.['Reply-To']).toBe('max@test.example');
  });

  it('mailLine turns every kind of line break and control character into one space', () => {
    expect(mailLine('a\r\nb\nc\rd\te\u0000f\u007fg\u0085h\u2028i\u2029j')).toBe('a b c d e f g h i j');
    expect(mailLine('  Max   Muster  ')).toBe('Max Muster');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });

  it('over SMTP the mail reaches only its recipient, with no injected header', async () => {
    const sink = await startSmtpSink();
    try {
      for (const [, template] of TEMPLATES) await sink.mailer.send(await hostileMail(template));
    } finally {
      await sink.close();
    }
    const received = sink.received.map(({ mail, recipients }) => ({
      recipients,
      bcc: mail.bcc,
      text: mail.text ?? '',
    }));
    expect(received).toHaveLength(TEMPLATES.length);
    for (const mail of received) {
      expect(mail.recipients).toEqual(['max@test.example']);
      expect(mail.bcc).toBeUndefined();
      expect(mail.text.split('\n').filter((line) => /^\s*Bcc:/i.test(line))).toEqual([]);
    }
  });
});

describe('authActionUrl', () => {
  it('puts the address after the hash, where it never reaches the server', () => {
    expect(authActionUrl('https://matchwerk.example', 'resetPassword', 'a/b', 'firma+test@example.org')).toBe(
      'https://matchwerk.example/#/authaction?mode=resetPassword&token=a%2Fb&email=firma%2Btest%40example.org',
    );
    expect(authActionUrl('https://matchwerk.example', 'verifyEmail', 'abc')).toBe(
      'https://matchwerk.example/#/authaction?mode=verifyEmail&token=abc',
    );
  });
});
