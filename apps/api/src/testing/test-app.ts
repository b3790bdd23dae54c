/**
 * Builds the real app (buildApp) on a fresh copy of the migrated, demo-seeded template
 * database: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set. Mail is captured in
 * memory (and written to the outbox table, so the demo routes can be tested too).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CANDIDATE_APP_BASE_PATH,
  CANDIDATE_APP_ROUTES,
  CANDIDATE_AUTH_ACTION_ROUTES,
  type CandidateAppRoute,
  type CandidateAuthAction,
} from '@matchwerk/shared';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp, type AppDeps, type BuiltApp } from '../app';
import { TEST_AUTH_SECRET } from '../config/env';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { authAccounts, authUsers } from '../db/schema/index';
import { createMemoryMailer, createOutboxMailer, extractLinks, type Mailer } from '../mail/mailer';
import { createDiskBlobStorage } from '../modules/images/blob-storage';
import { DEMO_PASSWORD } from '../seed/demo-data';
import { KNOWN_OPENAPI_GAPS } from './openapi-known-gaps';
import { checkResponsesAgainstOpenApi } from './openapi-responses';
import { createDatabaseFromTemplate, databaseUrlFor, dropDatabase } from './template';

export const TEST_PUBLIC_URL = 'http://localhost:3000';
export const TEST_ORIGIN = TEST_PUBLIC_URL;
export const TEST_PASSWORD = DEMO_PASSWORD;

/** Generous limits so ordinary tests never trip them; rate-limit tests pass small numbers. */
export const TEST_RATE_LIMITS = {
  windowSeconds: 60,
  maxPerIp: 1000,
  defaultMaxPerIp: 5000,
  maxPerAccount: 1000,
  accountWindowSeconds: 900,
  signInFailsPerAccountAndIp: 1000,
  signInFailsPerIpPerDay: 1000,
  signInFailsPerAccount: 1000,
  signInFailsPerDevice: 1000,
  chatMessagesPerMinute: 1000,
  interestsPerDay: 1000,
  signupsPerRange: 1000,
  signupsPerRangePerDay: 1000,
};

export interface TestAppOptions extends Partial<
  Omit<AppDeps, 'database' | 'mailer' | 'authSecret' | 'publicUrl' | 'supportEmail'>
> {
  publicUrl?: string;
  /** Registers extra routes before the app is ready (e.g. one that throws, for the error handler). */
  beforeReady?: (app: BuiltApp['app']) => void;
  /**
   * The mailer the app gets, built around the capturing one (default: the capturing one, so
   * mails are readable right after the request). The mail-queue timing test puts pg-boss here.
   */
  appMailer?: (context: {
    capture: Mailer;
    database: DatabaseHandle;
    databaseUrl: string | undefined;
  }) => Promise<Mailer>;
}

export interface TestApp extends BuiltApp {
  database: DatabaseHandle;
  mailer: ReturnType<typeof createMemoryMailer>;
  /** Links of the newest mail to that address. */
  linksTo(email: string): string[];
  /** The token of the newest /authaction link of the given mode sent to that address. */
  tokenFrom(email: string, mode: string): string;
  /** The scrypt hash of TEST_PASSWORD (copied from the seeded accounts; saves 100 ms a user). */
  passwordHash(): Promise<string>;
  userIdOf(email: string): Promise<string>;
  /** This app's upload folder (a copy of the seeded demo images), unless `blobStorage` was given. */
  uploadDir: string;
  close(): Promise<void>;
}

/** A fresh copy of the template database alone (no app), for tests of the schema itself. */
export async function openTestDatabase(): Promise<{
  handle: DatabaseHandle;
  url?: string;
  dispose: () => Promise<void>;
}> {
  const pgTemplate = inject('pgTemplate');
  if (pgTemplate) {
    const name = await createDatabaseFromTemplate(pgTemplate.url, pgTemplate.template);
    const url = databaseUrlFor(pgTemplate.url, name);
    const handle = await openDatabase({ kind: 'pg', url });
    return { handle, url, dispose: () => dropDatabase(pgTemplate.url, name) };
  }
  const dump = readFileSync(inject('pgliteTemplatePath'));
  const handle = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  return { handle, dispose: () => Promise.resolve() };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { handle, url, dispose } = await openTestDatabase();
  const mailer = createMemoryMailer(createOutboxMailer(handle.db));
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'matchwerk-uploads-'));
  const template = inject('uploadsTemplatePath');
  if (existsSync(template)) cpSync(template, uploadDir, { recursive: true });
  const {
    publicUrl = TEST_PUBLIC_URL,
    rateLimits,
    beforeReady,
    appMailer,
    blobStorage = createDiskBlobStorage(uploadDir),
    ...rest
  } = options;
  const built = await buildApp({
    database: handle,
    mailer: appMailer ? await appMailer({ capture: mailer, database: handle, databaseUrl: url }) : mailer,
    authSecret: TEST_AUTH_SECRET,
    publicUrl,
    supportEmail: 'support@matchwerk.example',
    demoMailbox: true,
    blobStorage,
    rateLimits: { ...TEST_RATE_LIMITS, ...rateLimits },
    ...rest,
  });
  beforeReady?.(built.app);
  // Every answer of every route test is checked against the OpenAPI document (issue 49).
  const contract = checkResponsesAgainstOpenApi(built.app);
  await built.app.ready();
  let hash: string | undefined;
  const linksTo = (email: string): string[] => {
    const mail = mailer.lastTo(email);
    return mail ? extractLinks(mail.text) : [];
  };
  return {
    ...built,
    database: handle,
    mailer,
    uploadDir,
    linksTo,
    tokenFrom(email, mode) {
      // Candidates' links go into the candidate app (/app/#/bestaetigt?token=…, ADR 0102).
      const appRoute = CANDIDATE_AUTH_ACTION_ROUTES[mode as CandidateAuthAction] as CandidateAppRoute | undefined;
      const appPath = appRoute ? `${CANDIDATE_APP_BASE_PATH}#${CANDIDATE_APP_ROUTES[appRoute]}?` : null;
      const link = linksTo(email).find(
        (candidate) => candidate.includes(`mode=${mode}`) || (appPath !== null && candidate.includes(appPath)),
      );
      if (!link) throw new Error(`no ${mode} link sent to ${email}`);
      const query = link.split('?')[1] ?? '';
      const token = new URLSearchParams(query).get('token');
      if (!token) throw new Error(`link without token: ${link}`);
      return token;
    },
    async passwordHash() {
      if (hash) return hash;
      const rows = await handle.db.select({ password: authAccounts.password }).from(authAccounts).limit(1);
      hash = rows[0]?.password ?? undefined;
      if (!hash) throw new Error('template has no seeded accounts');
      return hash;
    },
    async userIdOf(email) {
      const rows = await handle.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
      const id = rows[0]?.id;
      if (!id) throw new Error(`no user ${email}`);
      return id;
    },
    async close() {
      await built.app.close();
      await handle.close();
      await dispose();
      rmSync(uploadDir, { recursive: true, force: true });
      const drift = contract.violations.filter((violation) => !KNOWN_OPENAPI_GAPS.has(violation));
      if (drift.length > 0) {
        throw new Error(`${drift.length} answer(s) differ from the OpenAPI document:\n${drift.join('\n')}`);
      }
    },
  };
}
