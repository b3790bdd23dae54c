import { describe, expect, it } from 'vitest';
import type { MailMessage } from './mailer';
import * as candidateTemplates from './candidate-templates';
import { candidateActionUrl } from './candidate-templates';
import * as templates from './templates';

const HOSTILE = 'Lea\r\nBcc: x@y.de <script>alert(1)</script>';
const PUBLIC_URL = 'https://matchwerk.example';

type AnyTemplate = (input: Record<string, unknown>) => Promise<MailMessage>;

/** Every exported candidate *Mail template, so templates added later are checked too. */
const TEMPLATES: [string, AnyTemplate][] = Object.entries(candidateTemplates)
  .filter(([name, value]) => name.endsWith('Mail') && typeof value === 'function')
  // Each template takes its own input type; the input below is a superset of them all.
  .map(([name, value]) => [name, value as unknown as AnyTemplate]);

function render(template: AnyTemplate, name = 'Lea Sommer'): Promise<MailMessage> {
  return template({
    to: 'lea@test.example',
    name,
    supportEmail: 'support@matchwerk.example',
    url: candidateActionUrl(PUBLIC_URL, 'verifyEmail', 'abc'),
    signInUrl: `${PUBLIC_URL}/app/#/anmelden`,
    newEmail: 'neu@test.example',
    minutes: 15,
  });
}

describe('candidate account mails', () => {
  it('cover every account mail of the employer templates', () => {
    const employer = Object.keys(templates).filter(
      (name) => name.endsWith('Mail') && !['accountInvitationMail', 'invitationMail'].includes(name),
    );
    const candidate = TEMPLATES.map(([name]) => name);
    for (const name of employer) expect(candidate).toContain(`candidate${name[0]!.toUpperCase()}${name.slice(1)}`);
  });

  for (const [name, template] of TEMPLATES) {
    it(`${name}: says "du", never "Sie", greets with "Hallo" and signs as "Dein Matchwerk-Team"`, async () => {
      const mail = await render(template);
      expect(mail.text.split('\n')[0]).toBe('Hallo Lea Sommer,');
      expect(mail.text).toMatch(/\b(du|dein|deine|dich|dir)\b/i);
      expect(mail.text).toContain('Dein Matchwerk-Team');
      expect(mail.text).toContain('Fragen? Schreib uns an');
      // Formal address: "Sie"/"Ihr"/"Ihnen" capitalised inside a sentence.
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(/(?<![.!?:]\s|^|\n)\b(Sie|Ihr|Ihre|Ihnen|Ihren)\b/);
      expect(mail.html).not.toContain('#/authaction');
    });

    it(`${name}: a hostile name stays on the greeting line, escaped in HTML`, async () => {
      const mail = await render(template, HOSTILE);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.text.split('\n')[0]).toBe('Hallo Lea Bcc: x@y.de <script>alert(1)</script>,');
      expect(mail.text.split('\n').filter((line) => /^\s*Bcc:/i.test(line))).toEqual([]);
      expect(mail.html).not.toMatch(/<script/i);
    });
  }

  it('link into the candidate app, the token (and address) after the #', () => {
    expect(candidateActionUrl(PUBLIC_URL, 'verifyEmail', 'a/b')).toBe(`${PUBLIC_URL}/app/#/bestaetigt?token=a%2Fb`);
    expect(candidateActionUrl(PUBLIC_URL, 'resetPassword', 't', 'lea+x@test.example')).toBe(
      `${PUBLIC_URL}/app/#/passwort?token=t&email=lea%2Bx%40test.example`,
    );
    expect(candidateActionUrl(PUBLIC_URL, 'unlockSignIn', 't')).toBe(`${PUBLIC_URL}/app/#/entsperren?token=t`);
  });

  it('the verification mail carries its link as the button in both parts', async () => {
    const url = candidateActionUrl(PUBLIC_URL, 'verifyEmail', 'tok');
    const mail = await candidateTemplates.candidateVerifyEmailMail({
      to: 'lea@test.example',
      name: 'Lea',
      supportEmail: 'support@matchwerk.example',
      url,
    });
    expect(mail.subject).toBe('Deine E-Mail-Adresse bestätigen');
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(`href="${url}"`);
  });
});
