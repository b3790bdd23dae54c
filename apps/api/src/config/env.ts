import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
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
  RESPONSE_CACHE_MB: z.coerce
    .number({ error: 'RESPONSE_CACHE_MB muss eine Zahl sein (must be a number).' })
    .int()
    .min(0)
    .max(4096)
    .default(DEFAULT_RESPONSE_CACHE_MB),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalString,
  UPLOAD_DIR: optionalString,
  GEOCODER_URL: optionalString.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: 'GEOCODER_URL muss eine http(s)-URL sein (GEOCODER_URL must be an http(s) URL).',
      })
      .optional(),
  ),
  GEOCODER_USER_AGENT: optionalString,
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
  /** Sign-in, sign-up, reset and verification attempts per client IP and minute. */
  authRateLimitPerIp: number | undefined;
  /** Image files on disk (default DATA_DIR/uploads), unless `s3` is set. */
  uploadDir: string;
  /** Image files in an S3-compatible bucket (S3_BUCKET set); shared by several processes. */
  s3: S3StorageOptions | undefined;
  /** Nominatim-compatible geocoder; unset → offline postcode centroids. */
  geocoderUrl: string | undefined;
  geocoderUserAgent: string | undefined;
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
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    supportEmail: raw.SUPPORT_EMAIL,
    authSecret: raw.AUTH_SECRET,
    trustedProxies: trustedProxies && trustedProxies.length > 0 ? trustedProxies : undefined,
    redisUrl: raw.REDIS_URL,
    responseCacheBytes: raw.RESPONSE_CACHE_MB * 1024 * 1024,
    logLevel: raw.LOG_LEVEL,
    authRateLimitPerIp: raw.AUTH_RATE_LIMIT_PER_IP,
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
    webDist: raw.WEB_DIST ? path.resolve(baseDir, raw.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
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

/** A fixed secret for tests and benchmarks only. */
export const TEST_AUTH_SECRET = 'matchwerk-test-secret-not-for-production-use-0123456789';
