import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { e2eEnv } from './e2e-env';
import type { CapturedMail } from './smtp-sink';

function readMails(): CapturedMail[] {
  let files: string[];
  try {
    files = readdirSync(e2eEnv.mailDir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((file) => JSON.parse(readFileSync(path.join(e2eEnv.mailDir, file), 'utf8')) as CapturedMail);
}

/** Mails received so far for an address (oldest first). */
export function mailsTo(address: string): CapturedMail[] {
  const to = address.toLowerCase();
  return readMails().filter((mail) => mail.to.includes(to));
}

/**
 * Waits for the next mail to `address` whose subject matches, received after `after` mails
 * to that address had already arrived.
 */
export async function waitForMail(
  address: string,
  subject: RegExp,
  after = 0,
  timeout = 20_000,
): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(address)
          .slice(after)
          .find((mail) => subject.test(mail.subject));
        return Boolean(found);
      },
      { message: `mail to ${address} with subject ${String(subject)}`, timeout },
    )
    .toBe(true);
  return found as CapturedMail;
}

/** The link of a mail that leads into the web app's /authaction page. */
export function authActionLink(mail: CapturedMail): string {
  const link = mail.links.find((l) => l.includes('/authaction'));
  if (!link) throw new Error(`No /authaction link in mail "${mail.subject}": ${mail.links.join(', ')}`);
  return link;
}
