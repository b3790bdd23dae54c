/**
 * Test server for the e2e "new version of the terms" scenario (ADR 0037), never used in
 * production: a fresh embedded database with one employer who accepted the repository's
 * versions of both legal texts, served by the real app (web app included) that runs with a
 * newer terms version — given to buildApp as its `legalVersions` parameter.
 *
 * Env: PORT, DATA_DIR (fresh folder), WEB_DIST, TERMS_VERSION_UNDER_TEST. Prints one line
 * `READY <email> <password>` when it listens.
 */
import path from 'node:path';
import { PRIVACY_VERSION } from '@matchwerk/shared';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { authAccounts, authUsers, legalAcceptances, organizations, users } from '../db/schema/index';
import { createOutboxMailer } from '../mail/mailer';
import { createDiskBlobStorage } from '../modules/images/blob-storage';
import { legalAcceptanceRows } from '../modules/users/legal-acceptances';

const port = Number(process.env.PORT);
const dataDir = process.env.DATA_DIR;
const webDist = process.env.WEB_DIST;
const termsVersion = process.env.TERMS_VERSION_UNDER_TEST;
if (!port || !dataDir || !webDist || !termsVersion)
  throw new Error('PORT, DATA_DIR, WEB_DIST and TERMS_VERSION_UNDER_TEST are required');

const publicUrl = `http://localhost:${port}`;
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
await database.migrate();
const { app, auth } = await buildApp({
  database,
  mailer: createOutboxMailer(database.db),
  authSecret: 'legal-version-e2e-secret-long-enough-for-better-auth-0123',
  publicUrl,
  supportEmail: 'support@matchwerk.example',
  demoMailbox: false,
  webDist,
  blobStorage: createDiskBlobStorage(path.join(dataDir, 'uploads')),
  legalVersions: { PRIVACY: PRIVACY_VERSION, TERMS: termsVersion },
});

const email = 'fassung@e2e.matchwerk.example';
const password = 'Neue-Fassung-der-Bedingungen-2027';
const id = crypto.randomUUID();
const signedAt = new Date('2026-11-27T09:00:00Z');
const [organization] = await database.db
  .insert(organizations)
  .values({ name: 'Fassungstest GmbH', region: 'SINDELFINGEN', active: true, approvedAt: signedAt })
  .returning({ id: organizations.id });
await database.db.insert(authUsers).values({ id, email, name: 'Fiona Fassung', emailVerified: true });
await database.db.insert(authAccounts).values({
  id: crypto.randomUUID(),
  accountId: id,
  providerId: 'credential',
  userId: id,
  password: await (await auth.$context).password.hash(password),
});
await database.db.insert(users).values({
  id,
  type: 'ORGANIZATION',
  organizationId: organization!.id,
  privacyStatementSignedAt: signedAt,
  termsAndConditionsSignedAt: signedAt,
});
// Accepted what the repository calls current — the server runs with a newer terms version.
await database.db.insert(legalAcceptances).values(legalAcceptanceRows(id, signedAt));

await app.listen({ port, host: '127.0.0.1' });
console.log(`READY ${email} ${password}`);

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
