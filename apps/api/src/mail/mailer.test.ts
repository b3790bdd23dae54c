import { describe, expect, it } from 'vitest';
import { startSmtpSink } from '../testing/smtp-sink';
import { extractLinks } from './mailer';
import { escapeHtml, verifyEmailMail } from './templates';

describe('mail', () => {
  it('delivers over SMTP_URL with the German template', async () => {
    const sink = await startSmtpSink();
    try {
      await sink.mailer.send(
        await verifyEmailMail({
          to: 'neu@test.example',
          name: 'Nina <Neu>',
          supportEmail: 'support@matchwerk.example',
          url: 'http://localhost:3000/#/authaction?mode=verifyEmail&token=abc',
        }),
      );
    } finally {
      await sink.close();
    }
    const received = sink.received.map(({ mail }) => ({
      to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
      subject: mail.subject ?? '',
      text: mail.text ?? '',
    }));
    expect(received).toHaveLength(1);
    expect(received[0]?.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(received[0]?.to).toBe('neu@test.example');
    expect(extractLinks(received[0]?.text ?? '')).toEqual([
      'http://localhost:3000/#/authaction?mode=verifyEmail&token=abc',
    ]);
  });

  it('escapes HTML in the HTML part', async () => {
    const mail = await verifyEmailMail({
      to: 'a@b.de',
      name: '<script>x</script>',
      supportEmail: 's@b.de',
      url: 'http://x/?a=1&b=2',
    });
    expect(mail.html).not.toContain('<script>');
    expect(escapeHtml('<a href="x">&</a>')).toBe('&#60;a href=&#34;x&#34;&#62;&#38;&#60;/a&#62;');
  });
});
