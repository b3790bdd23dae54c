import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
  receivedAt: string;
}

/** A real SMTP server that accepts every mail and stores it as JSON for the tests to read. */
export async function startSmtpSink(port: number, mailDir: string): Promise<SMTPServer> {
  mkdirSync(mailDir, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          const html = typeof parsed.html === 'string' ? parsed.html : '';
          const mail: CapturedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text,
            html,
            links: [...new Set(`${text}\n${html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [])].map((l) =>
              l.replace(/&amp;/g, '&'),
            ),
            receivedAt: new Date().toISOString(),
          };
          counter += 1;
          // Written under another name and renamed: a test polling the folder never reads half a mail.
          const file = path.join(mailDir, `${Date.now()}-${String(counter).padStart(4, '0')}.json`);
          writeFileSync(`${file}.partial`, JSON.stringify(mail, null, 2));
          renameSync(`${file}.partial`, file);
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}
