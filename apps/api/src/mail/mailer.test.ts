import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { createSmtpMailer, extractLinks } from './mailer';
import { escapeHtml, verifyEmailMail } from './templates';

describe('mail', () => {
  it('delivers over SMTP_URL with the German template', async () => {
    const received: { to: string; subject: string; text: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({ to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '', subject: mail.subject ?? '', text: mail.text ?? '' });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Matchwerk <no-reply@matchwerk.example>');
    try {
      await mailer.send(verifyEmailMail({ to: 'neu@test.example', name: 'Nina <Neu>', supportEmail: 'support@matchwerk.example', url: 'http://localhost:3000/#/authaction?mode=verifyEmail&token=abc' }));
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(received).toHaveLength(1);
    expect(received[0]?.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(received[0]?.to).toBe('neu@test.example');
    expect(extractLinks(received[0]?.text ?? '')).toEqual(['http://localhost:3000/#/authaction?mode=verifyEmail&token=abc']);
  });

  it('escapes HTML in the HTML part', () => {
    const mail = verifyEmailMail({ to: 'a@b.de', name: '<script>x</script>', supportEmail: 's@b.de', url: 'http://x/?a=1&b=2' });
    expect(mail.html).not.toContain('<script>');
    expect(escapeHtml('<a href="x">&</a>')).toBe('&#60;a href=&#34;x&#34;&#62;&#38;&#60;/a&#62;');
  });
});
