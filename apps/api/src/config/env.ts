import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CANDIDATE_MINIMUM_AGE } from '@matchwerk/shared';
import type { S3StorageOptions } from '../modules/images/s3-blob-storage';
import { REPO_ROOT } from './runtime-files';

/** Memory per process for the organisation response cache's kept answers unless RESPONSE_CACHE_MB says otherwise (ADR 0065). */
export const DEFAULT_RESPONSE_CACHE_MB = 32;

export { REPO_ROOT };

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const rawEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'PORT muss eine Zahl sein (PORT must be a number).' })
    .int()
    .min(0)
    .max(65535, 'PORT muss zwischen 0 und 65535 liegen (PORT must be 0–65535).')
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(
    z
      .url({
        error:
          'PUBLIC_URL muss eine vollständige URL sein, z. B. https://matchwerk.example (PUBLIC_URL must be a URL).',
      })
      .optional(),
  ),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(
        /^postgres(ql)?:\/\//,
        'DATABASE_URL muss mit postgres:// beginnen (DATABASE_URL must start with postgres://).',
      )
      .optional(),
  ),
  DATA_DIR: optionalString,
  SEED_DEMO: optionalString,
  /** 1: hold outgoing mail (a restored copy, a verification start): queued, never sent (issue 49). */
  MAIL_HOLD: optionalString,
  DEMO_MODE: optionalString.pipe(
    z
      .enum(['1', 'true', '0', 'false'], {
        error: 'DEMO_MODE muss 1, true, 0 oder false sein (DEMO_MODE must be 1, true, 0 or false).',
      })
      .optional(),
  ),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL muss mit smtp:// oder smtps:// beginnen (SMTP_URL must start with smtp://).')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Matchwerk <no-reply@matchwerk.example>'),
  SUPPORT_EMAIL: z.string().default('support@matchwerk.example'),
  AUTH_SECRET: optionalString.pipe(
    z
      .string()
      .min(32, 'AUTH_SECRET muss mindestens 32 Zeichen lang sein (AUTH_SECRET must have ≥ 32 characters).')
      .optional(),
  ),
  TRUSTED_PROXIES: optionalString,
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL muss mit redis:// beginnen (REDIS_URL must start with redis://).')
      .optional(),
  ),
  AUTH_RATE_LIMIT_PER_IP: z.coerce
    .number({ error: 'AUTH_RATE_LIMIT_PER_IP muss eine Zahl sein (must be a number).' })
    .int()
    .min(1)
    .optional(),
  /** New accounts per address range (IPv4 /24, IPv6 /56) and 10 minutes, and per day (issue 49, ADR 0110). */
  SIGNUP_LIMIT_PER_RANGE: z.coerce
    .number({ error: 'SIGNUP_LIMIT_PER_RANGE muss eine Zahl sein (must be a number).' })
    .int()
    .min(1)
    .optional(),
  SIGNUP_LIMIT_PER_RANGE_PER_DAY: z.coerce
    .number({ error: 'SIGNUP_LIMIT_PER_RANGE_PER_DAY muss eine Zahl sein (must be a number).' })
    .int()
    .min(1)
    .optional(),
  /** New expressions of interest per candidate and Berlin day (issue 46, ADR 0100). */
  INTEREST_DAILY_CAP: z.coerce
    .number({ error: 'INTEREST_DAILY_CAP muss eine Zahl sein (must be a number).' })
    .int()
    .min(1)
    .max(1000)
    .optional(),
  RESPONSE_CACHE_MB: z.coerce
    .number({ error: 'RESPONSE_CACHE_MB muss eine Zahl sein (must be a number).' })
    .int()
    .min(0)
    .max(4096)
    .default(DEFAULT_RESPONSE_CACHE_MB),
  /** The youngest age to sign up as a candidate (ADR 0096): 13–18, default 14. */
  CANDIDATE_MINIMUM_AGE: z.coerce
    .number({ error: 'CANDIDATE_MINIMUM_AGE muss eine Zahl sein (must be a number).' })
    .int('CANDIDATE_MINIMUM_AGE muss eine ganze Zahl sein (must be an integer).')
    .min(13, 'CANDIDATE_MINIMUM_AGE muss zwischen 13 und 18 liegen (must be 13–18).')
    .max(18, 'CANDIDATE_MINIMUM_AGE muss zwischen 13 und 18 liegen (must be 13–18).')
    .default(DEFAULT_CANDIDATE_MINIMUM_AGE),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalString,
  /** The candidate app's build (issue 47), served at /app/. */
  CANDIDATE_DIST: optionalString,
  UPLOAD_DIR: optionalString,
  /** The operator's imprint and privacy statement (HTML files), served at /legal/… instead of the placeholders (issue 48). */
  IMPRINT_FILE: optionalString,
  PRIVACY_FILE: optionalString,
  GEOCODER_URL: optionalString.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: 'GEOCODER_URL muss eine http(s)-URL sein (GEOCODER_URL must be an http(s) URL).',
      })
      .optional(),
  ),
  GEOCODER_USER_AGENT: optionalString,
  /** Candidate app (issue 46/47): on unless 0/false; in production it needs the VAPID keys (ADR 0098). */
  CANDIDATE_APP: optionalString.pipe(
    z
      .enum(['1', 'true', '0', 'false'], {
        error: 'CANDIDATE_APP muss 1, true, 0 oder false sein (CANDIDATE_APP must be 1, true, 0 or false).',
      })
      .optional(),
  ),
  VAPID_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{87}$/,
        'VAPID_PUBLIC_KEY muss ein base64url-kodierter P-256-Schlüssel sein (87 Zeichen, z. B. von npx web-push generate-vapid-keys).',
      )
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY muss base64url-kodiert sein (43 Zeichen).')
      .optional(),
  ),
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(
        /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
        'VAPID_SUBJECT muss eine mailto:- oder https:-Adresse sein, z. B. mailto:support@matchwerk.example.',
      )
      .optional(),
  ),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: 'S3_ENDPOINT muss eine http(s)-URL sein (S3_ENDPOINT must be an http(s) URL).',
      })
      .optional(),
  ),
  S3_REGION: z.string().trim().min(1).default('eu-central-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: optionalString.pipe(
    z
      .enum(['1', 'true', '0', 'false'], {
        error: 'S3_FORCE_PATH_STYLE muss 1, true, 0 oder false sein (must be 1, true, 0 or false).',
      })
      .optional(),
  ),
  S3_PREFIX: optionalString.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/,
        'S3_PREFIX muss mit / enden, z. B. matchwerk/ (S3_PREFIX must end with /).',
      )
      .optional(),
  ),
});

export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * Demo mode: the embedded database (no DATABASE_URL) or DEMO_MODE=1. Only here the demo data
   * is seeded by default, the demo accounts are printed and — without SMTP_URL — mails go to
   * the public demo outbox (/demo/postfach).
   */
  demoMode: boolean;
  seedDemo: boolean;
  /** MAIL_HOLD=1: the mail worker does not run; mails stay queued and are listed as held (docs/deploy.md). */
  mailHold: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  /** Undefined until resolved by `resolveAuthSecret` (generated and persisted when not given). */
  authSecret: string | undefined;
  trustedProxies: string[] | undefined;
  redisUrl: string | undefined;
  /** Memory for organisation users' list answers kept between their reads (ADR 0065); 0 = off. */
  responseCacheBytes: number;
  logLevel: string;
  webDist: string;
  candidateDist: string;
  /** Sign-in, sign-up, reset and verification attempts per client IP and minute. */
  authRateLimitPerIp: number | undefined;
  /** The youngest age to sign up as a candidate (CANDIDATE_MINIMUM_AGE, ADR 0096). */
  candidateMinimumAge: number;
  interestDailyCap: number | undefined;
  signupLimitPerRange: number | undefined;
  signupLimitPerRangePerDay: number | undefined;
  /** Image files on disk (default DATA_DIR/uploads), unless `s3` is set. */
  uploadDir: string;
  /** Image files in an S3-compatible bucket (S3_BUCKET set); shared by several processes. */
  s3: S3StorageOptions | undefined;
  /** Nominatim-compatible geocoder; unset → offline postcode centroids. */
  geocoderUrl: string | undefined;
  geocoderUserAgent: string | undefined;
  /** The candidate app and its push (CANDIDATE_APP, default on). */
  candidateApp: boolean;
  /** VAPID keys from the environment (production); otherwise generated into DATA_DIR (modules/push/vapid.ts). */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** VAPID_SUBJECT, or mailto: the support address. */
  vapidSubject: string;
  /** The operator's imprint and privacy statement (IMPRINT_FILE, PRIVACY_FILE); unset → the built-in placeholders. */
  legalFiles: { imprint: string | undefined; privacy: string | undefined };
}

export class EnvError extends Error {}

function isOn(flag: string | undefined): boolean {
  return flag === '1' || flag === 'true';
}

export interface ParseEnvOptions {
  /** False for tools that only need the database (migrations): AUTH_SECRET and SMTP_URL are not required. */
  server?: boolean;
}

/** Parses the environment; throws an EnvError with a clear German/English message on bad input. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env, options: ParseEnvOptions = {}): Env {
  const result = rawEnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Ungültige Konfiguration (invalid configuration):\n${lines.join('\n')}`);
  }
  const raw = result.data;
  const baseDir = source.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(baseDir, raw.DATA_DIR ?? './data');
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  const demoMode = isOn(raw.DEMO_MODE) || !raw.DATABASE_URL;
  const problems: string[] = [];
  const server = options.server ?? true;
  if (server && raw.NODE_ENV === 'production' && raw.DATABASE_URL && !raw.AUTH_SECRET) {
    problems.push(
      'AUTH_SECRET fehlt: Im Produktivbetrieb mit DATABASE_URL muss AUTH_SECRET (≥ 32 Zeichen) gesetzt sein.\n' +
        '(AUTH_SECRET is required when NODE_ENV=production and DATABASE_URL is set.)',
    );
  }
  if (server && !demoMode && !raw.SMTP_URL) {
    // Without a mail server the only place for reset and confirmation links would be the
    // public demo outbox: anyone could take over any account.
    problems.push(
      'SMTP_URL fehlt: Mit DATABASE_URL (außerhalb des Demo-Modus) muss SMTP_URL gesetzt sein, z. B. smtp://benutzer:passwort@mail.example:587. ' +
        'Nur zum Ausprobieren: DEMO_MODE=1 zeigt alle E-Mails öffentlich im Demo-Postfach.\n' +
        '(SMTP_URL is required when DATABASE_URL is set and DEMO_MODE is off.)',
    );
  }
  if (raw.S3_ENDPOINT && !raw.S3_BUCKET) {
    problems.push('S3_ENDPOINT ist gesetzt, S3_BUCKET fehlt. (S3_ENDPOINT needs S3_BUCKET.)');
  }
  if (Boolean(raw.S3_ACCESS_KEY_ID) !== Boolean(raw.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      'S3_ACCESS_KEY_ID und S3_SECRET_ACCESS_KEY gehören zusammen: beide setzen oder keinen. (Set both or neither.)',
    );
  }
  const candidateApp = raw.CANDIDATE_APP === undefined || isOn(raw.CANDIDATE_APP);
  if (Boolean(raw.VAPID_PUBLIC_KEY) !== Boolean(raw.VAPID_PRIVATE_KEY)) {
    problems.push(
      'VAPID_PUBLIC_KEY und VAPID_PRIVATE_KEY gehören zusammen: beide setzen oder keinen. (Set both or neither.)',
    );
  } else if (
    server &&
    raw.NODE_ENV === 'production' &&
    !demoMode &&
    candidateApp &&
    !(raw.VAPID_PUBLIC_KEY && raw.VAPID_SUBJECT)
  ) {
    problems.push(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY und VAPID_SUBJECT fehlen: Im Produktivbetrieb braucht die Bewerber-App ihre Push-Schlüssel ' +
        '(erzeugen mit npx web-push generate-vapid-keys; VAPID_SUBJECT z. B. mailto:support@matchwerk.example). ' +
        'Ohne Bewerber-App: CANDIDATE_APP=0.\n' +
        '(The VAPID keys and subject are required in production while the candidate app is on.)',
    );
  }
  const legalFiles = {
    imprint: raw.IMPRINT_FILE ? path.resolve(baseDir, raw.IMPRINT_FILE) : undefined,
    privacy: raw.PRIVACY_FILE ? path.resolve(baseDir, raw.PRIVACY_FILE) : undefined,
  };
  for (const [name, file] of [
    ['IMPRINT_FILE', legalFiles.imprint],
    ['PRIVACY_FILE', legalFiles.privacy],
  ] as const) {
    if (server && file && !existsSync(file))
      problems.push(`${name}: Die Datei ${file} gibt es nicht. (${name} not found.)`);
  }
  if (problems.length > 0) throw new EnvError(problems.join('\n'));
  const trustedProxies = raw.TRUSTED_PROXIES?.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return {
    nodeEnv: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    publicUrl,
    databaseUrl: raw.DATABASE_URL,
    dataDir,
    demoMode,
    seedDemo: isOn(raw.SEED_DEMO),
    mailHold: isOn(raw.MAIL_HOLD),
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    supportEmail: raw.SUPPORT_EMAIL,
    authSecret: raw.AUTH_SECRET,
    trustedProxies: trustedProxies && trustedProxies.length > 0 ? trustedProxies : undefined,
    redisUrl: raw.REDIS_URL,
    responseCacheBytes: raw.RESPONSE_CACHE_MB * 1024 * 1024,
    logLevel: raw.LOG_LEVEL,
    authRateLimitPerIp: raw.AUTH_RATE_LIMIT_PER_IP,
    candidateMinimumAge: raw.CANDIDATE_MINIMUM_AGE,
    interestDailyCap: raw.INTEREST_DAILY_CAP,
    signupLimitPerRange: raw.SIGNUP_LIMIT_PER_RANGE,
    signupLimitPerRangePerDay: raw.SIGNUP_LIMIT_PER_RANGE_PER_DAY,
    uploadDir: raw.UPLOAD_DIR ? path.resolve(baseDir, raw.UPLOAD_DIR) : path.join(dataDir, 'uploads'),
    s3: raw.S3_BUCKET
      ? {
          bucket: raw.S3_BUCKET,
          region: raw.S3_REGION,
          endpoint: raw.S3_ENDPOINT,
          forcePathStyle: isOn(raw.S3_FORCE_PATH_STYLE),
          credentials:
            raw.S3_ACCESS_KEY_ID && raw.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: raw.S3_ACCESS_KEY_ID, secretAccessKey: raw.S3_SECRET_ACCESS_KEY }
              : undefined,
          prefix: raw.S3_PREFIX,
        }
      : undefined,
    geocoderUrl: raw.GEOCODER_URL,
    geocoderUserAgent: raw.GEOCODER_USER_AGENT,
    candidateApp,
    vapid:
      raw.VAPID_PUBLIC_KEY && raw.VAPID_PRIVATE_KEY
        ? {
            publicKey: raw.VAPID_PUBLIC_KEY,
            privateKey: raw.VAPID_PRIVATE_KEY,
            subject: raw.VAPID_SUBJECT ?? `mailto:${raw.SUPPORT_EMAIL}`,
          }
        : undefined,
    vapidSubject: raw.VAPID_SUBJECT ?? `mailto:${raw.SUPPORT_EMAIL}`,
    legalFiles,
    webDist: raw.WEB_DIST ? path.resolve(baseDir, raw.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    candidateDist: raw.CANDIDATE_DIST
      ? path.resolve(baseDir, raw.CANDIDATE_DIST)
      : path.join(REPO_ROOT, 'apps/candidate/dist'),
  };
}

/**
 * The secret that signs sessions and tokens: AUTH_SECRET when given, otherwise one generated
 * on first start and kept in DATA_DIR/auth-secret so sessions survive restarts.
 */
export function resolveAuthSecret(env: Env): string {
  if (env.authSecret) return env.authSecret;
  const file = path.join(env.dataDir, 'auth-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(env.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * What a production start warns about without stopping (issue 48): every public page links the
 * imprint and the privacy statement, and without the operator's own files they are placeholders.
 */
export function startWarnings(env: Pick<Env, 'nodeEnv' | 'demoMode' | 'legalFiles'>): string[] {
  if (env.nodeEnv !== 'production' || env.demoMode) return [];
  const missing = [
    env.legalFiles.imprint ? undefined : 'IMPRINT_FILE (Impressum)',
    env.legalFiles.privacy ? undefined : 'PRIVACY_FILE (Datenschutzerklärung)',
  ].filter((name): name is string => name !== undefined);
  return missing.length === 0
    ? []
    : [
        `${missing.join(' und ')} nicht gesetzt: Die öffentlichen Seiten verlinken die Platzhaltertexte von Matchwerk. ` +
          'Legen Sie Ihre eigenen Texte als HTML-Dateien ab und setzen Sie die Variablen (README, „Konfiguration“). ' +
          '(Set IMPRINT_FILE and PRIVACY_FILE to the operator’s own texts.)',
      ];
}

/** A fixed secret for tests and benchmarks only. */
export const TEST_AUTH_SECRET = 'matchwerk-test-secret-not-for-production-use-0123456789';
