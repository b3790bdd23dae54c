/**
 * A real SMTP server on a free local port for tests that send mail over SMTP: every mail is
 * parsed (mailparser) and kept with the envelope recipients.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createSmtpMailer, type Mailer } from '../mail/mailer';

export interface ReceivedMail {
  mail: ParsedMail;
  /** RCPT TO addresses: who the mail really went to, whatever its headers say. */
  recipients: string[];
}

export interface SmtpSink {
  received: ReceivedMail[];
  /** An SMTP mailer (as with SMTP_URL) pointed at this sink. */
  mailer: Mailer;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ mail, recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address) });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Matchwerk <no-reply@matchwerk.example>');
  return {
    received,
    mailer,
    async close() {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
