import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, REPO_ROOT, startWarnings } from './env';

/** A test-only VAPID pair (npx web-push generate-vapid-keys). */
const PRODUCTION_VAPID = {
  VAPID_PUBLIC_KEY: 'BCSY91y3GFvJYWibVlaZGb7tVeXbWP7vQqBmHJdfrVqYvcTVVtO4XC2GOjFnEzuYUxfL4PsN_SaiolAZKS60l9o',
  VAPID_PRIVATE_KEY: 'gj1XbUtvx1gG9pEycmq2Gt91QxggxYjqOETsM1st6VA',
  VAPID_SUBJECT: 'mailto:push@matchwerk.example',
};

describe('parseEnv', () => {
  it('has working defaults', () => {
    const env = parseEnv({ INIT_CWD: '/srv/matchwerk' });
    expect(env).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: '/srv/matchwerk/data',
      demoMode: true,
      seedDemo: false,
      smtpUrl: undefined,
      mailFrom: 'Matchwerk <no-reply@matchwerk.example>',
      supportEmail: 'support@matchwerk.example',
      trustedProxies: undefined,
      redisUrl: undefined,
      logLevel: 'info',
      webDist: path.join(REPO_ROOT, 'apps/web/dist'),
    });
  });

  it('derives PUBLIC_URL from PORT, trims a trailing slash, splits TRUSTED_PROXIES', () => {
    expect(parseEnv({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(parseEnv({ PUBLIC_URL: 'https://matchwerk.example/' }).publicUrl).toBe('https://matchwerk.example');
    expect(parseEnv({ TRUSTED_PROXIES: '10.0.0.1, 10.1.0.0/16' }).trustedProxies).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(parseEnv({ SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('puts uploads under DATA_DIR unless UPLOAD_DIR is set; GEOCODER_URL must be http(s)', () => {
    expect(parseEnv({ INIT_CWD: '/srv/matchwerk' })).toMatchObject({
      uploadDir: '/srv/matchwerk/data/uploads',
      geocoderUrl: undefined,
    });
    expect(parseEnv({ INIT_CWD: '/srv/matchwerk', DATA_DIR: '/var/lib/mw', UPLOAD_DIR: 'bilder' }).uploadDir).toBe(
      '/srv/matchwerk/bilder',
    );
    expect(parseEnv({ DATA_DIR: '/var/lib/mw' }).uploadDir).toBe('/var/lib/mw/uploads');
    expect(
      parseEnv({
        GEOCODER_URL: 'https://nominatim.example/',
        GEOCODER_USER_AGENT: 'Matchwerk Landkreis (it@example.org)',
      }),
    ).toMatchObject({
      geocoderUrl: 'https://nominatim.example/',
      geocoderUserAgent: 'Matchwerk Landkreis (it@example.org)',
    });
    expect(() => parseEnv({ GEOCODER_URL: 'ftp://geo.example' })).toThrow(/GEOCODER_URL/);
  });

  it('selects S3 storage by S3_BUCKET and checks its settings', () => {
    expect(parseEnv({}).s3).toBeUndefined();
    expect(
      parseEnv({
        S3_BUCKET: 'bilder',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: '1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: 'matchwerk/',
      }).s3,
    ).toEqual({
      bucket: 'bilder',
      region: 'eu-central-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      prefix: 'matchwerk/',
    });
    expect(parseEnv({ S3_BUCKET: 'bilder', S3_REGION: 'de' }).s3).toMatchObject({
      region: 'de',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(() => parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET fehlt/);
    expect(() => parseEnv({ S3_BUCKET: 'bilder', S3_ACCESS_KEY_ID: 'key' })).toThrow(/beide setzen oder keinen/);
    expect(() => parseEnv({ S3_BUCKET: 'bilder', S3_ENDPOINT: 'ftp://s3.example' })).toThrow(/S3_ENDPOINT/);
    expect(() => parseEnv({ S3_BUCKET: 'bilder', S3_PREFIX: 'ohne-schraegstrich' })).toThrow(/S3_PREFIX/);
  });

  it('fails fast with a clear bilingual message', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(EnvError);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL muss mit postgres:\/\/ beginnen/);
    expect(() => parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/matchwerk' })).toThrow(
      /AUTH_SECRET fehlt/,
    );
    expect(() =>
      parseEnv({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db/matchwerk',
        AUTH_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://mail.example:587',
        ...PRODUCTION_VAPID,
      }),
    ).not.toThrow();
  });

  it('refuses production without the VAPID keys while the candidate app is on (ADR 0098)', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/matchwerk',
      AUTH_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail.example:587',
    };
    expect(() => parseEnv(production)).toThrow(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY und VAPID_SUBJECT fehlen/);
    expect(() => parseEnv({ ...production, CANDIDATE_APP: '0' })).not.toThrow();
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: PRODUCTION_VAPID.VAPID_PUBLIC_KEY })).toThrow(/gehören zusammen/);
    expect(() => parseEnv({ ...PRODUCTION_VAPID, VAPID_SUBJECT: 'support@matchwerk.example' })).toThrow(
      /VAPID_SUBJECT muss eine mailto:/,
    );
    expect(parseEnv({ ...production, ...PRODUCTION_VAPID })).toMatchObject({
      candidateApp: true,
      vapid: {
        publicKey: PRODUCTION_VAPID.VAPID_PUBLIC_KEY,
        privateKey: PRODUCTION_VAPID.VAPID_PRIVATE_KEY,
        subject: 'mailto:push@matchwerk.example',
      },
    });
    // Demo mode: no keys needed; the server generates them into DATA_DIR.
    expect(parseEnv({ NODE_ENV: 'production' })).toMatchObject({
      vapid: undefined,
      vapidSubject: 'mailto:support@matchwerk.example',
    });
  });
});

describe("the operator's legal texts (issue 48, ADR 0114)", () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://db/matchwerk',
    AUTH_SECRET: 'x'.repeat(40),
    SMTP_URL: 'smtp://mail.example:587',
    ...PRODUCTION_VAPID,
  };
  // Any existing file does; the placeholder imprint is one.
  const imprint = path.join(REPO_ROOT, 'apps/web/public/legal/impressum.html');
  const privacy = path.join(REPO_ROOT, 'apps/web/public/legal/datenschutz.html');

  it('warns a production start without IMPRINT_FILE or PRIVACY_FILE, and only then', () => {
    expect(startWarnings(parseEnv(production))).toEqual([
      expect.stringMatching(/^IMPRINT_FILE \(Impressum\) und PRIVACY_FILE/),
    ]);
    expect(startWarnings(parseEnv({ ...production, IMPRINT_FILE: imprint }))).toEqual([
      expect.stringMatching(/^PRIVACY_FILE \(Datenschutzerklärung\) nicht gesetzt/),
    ]);
    const both = parseEnv({ ...production, IMPRINT_FILE: imprint, PRIVACY_FILE: privacy });
    expect(both.legalFiles).toEqual({ imprint, privacy });
    expect(startWarnings(both)).toEqual([]);
    // Demo mode and development: placeholders are expected.
    expect(startWarnings(parseEnv({ NODE_ENV: 'production' }))).toEqual([]);
    expect(startWarnings(parseEnv({}))).toEqual([]);
  });

  it('refuses to start with a file that is not there', () => {
    expect(() => parseEnv({ ...production, IMPRINT_FILE: '/nowhere/impressum.html' })).toThrow(
      'IMPRINT_FILE: Die Datei /nowhere/impressum.html gibt es nicht.',
    );
  });
});

describe('demo mode', () => {
  it('is on for the embedded database (no DATABASE_URL) and with DEMO_MODE=1|true', () => {
    expect(parseEnv({}).demoMode).toBe(true);
    expect(parseEnv({ NODE_ENV: 'production' }).demoMode).toBe(true);
    expect(parseEnv({ DATABASE_URL: 'postgres://db/matchwerk', DEMO_MODE: '1' }).demoMode).toBe(true);
    expect(parseEnv({ DATABASE_URL: 'postgres://db/matchwerk', DEMO_MODE: 'true' }).demoMode).toBe(true);
  });

  it('is off with DATABASE_URL; then SMTP_URL is required, whatever NODE_ENV and SEED_DEMO say', () => {
    for (const NODE_ENV of ['development', 'production', 'test']) {
      const source = {
        NODE_ENV,
        DATABASE_URL: 'postgres://db/matchwerk',
        AUTH_SECRET: 'x'.repeat(40),
        ...PRODUCTION_VAPID,
      };
      expect(() => parseEnv(source)).toThrow(EnvError);
      expect(() => parseEnv(source)).toThrow(
        /SMTP_URL fehlt.*\n\(SMTP_URL is required when DATABASE_URL is set and DEMO_MODE is off\.\)/,
      );
      expect(() => parseEnv({ ...source, SEED_DEMO: '1' })).toThrow(/SMTP_URL fehlt/);
      expect(() => parseEnv({ ...source, DEMO_MODE: '0' })).toThrow(/SMTP_URL fehlt/);
      expect(parseEnv({ ...source, SMTP_URL: 'smtp://mail.example:587', SEED_DEMO: '1' })).toMatchObject({
        demoMode: false,
        seedDemo: true,
      });
    }
  });

  it('names every missing variable at once and rejects unknown DEMO_MODE values', () => {
    let message = '';
    try {
      parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/matchwerk' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/AUTH_SECRET fehlt/);
    expect(message).toMatch(/SMTP_URL fehlt/);
    expect(
      parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/matchwerk' }, { server: false }).demoMode,
    ).toBe(false);
    expect(() => parseEnv({ DEMO_MODE: 'yes' })).toThrow(/DEMO_MODE muss 1, true, 0 oder false sein/);
  });
});
