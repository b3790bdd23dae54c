/**
 * Writes every mail template with sample data as .html and .txt (ADR 0050):
 * `npm run mail:preview -w @matchwerk/api` → apps/api/.tmp/mail-preview/ (git-ignored).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAIL_CATALOG } from '../src/mail/mail-catalog';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.tmp/mail-preview');
await mkdir(target, { recursive: true });
for (const entry of MAIL_CATALOG) {
  const mail = await entry.render();
  const html = path.join(target, `${entry.name}.html`);
  const text = path.join(target, `${entry.name}.txt`);
  await writeFile(html, mail.html);
  await writeFile(text, `Betreff: ${mail.subject}\nAn: ${mail.to}\n\n${mail.text}`);
  console.log(`${html}\n${text}`);
}
console.log(`${MAIL_CATALOG.length} Vorlagen in ${target}`);
