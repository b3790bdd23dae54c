/**
 * Volume for the statistics (issue #11): organisations, postings, candidates, matchings, chats,
 * messages and posting views spread over the regions (the demo's proportions, a quarter in
 * SINDELFINGEN) and over two seasons (the previous one and the current one up to `now`).
 *
 * Every table is filled by one `INSERT … SELECT … FROM generate_series(…)` (the database makes
 * the rows; nothing crosses the wire), so 100,000 candidates and a million messages take a
 * minute or two on PostgreSQL instead of an hour of client-side batches. Rows of one run carry
 * a tag in their ids (`vol-<tag>-c42`, md5-derived UUIDs), so later statements address a
 * candidate, organisation or posting by its number without joins, and several runs never clash.
 *
 * Needs only a migrated database (no demo seed): `seedStatisticsVolume(db, sizes)` from a bench,
 * or alone against PostgreSQL (demo accounts are seeded first when the database is empty, so
 * statistik@ and the partners can sign in):
 *   DATABASE_URL=postgres://… node --import tsx bench/statistics-volume.ts
 * Sizes can be overridden there with VOLUME_<NAME>=<count> (e.g. VOLUME_CANDIDATES=20000).
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { berlinToday, presetPeriod, previousPeriod, type PostingType, type Region } from '@matchwerk/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../src/db/client';

export interface StatisticsVolumeSizes {
  organizations: number;
  postings: number;
  candidates: number;
  /** Wanted; the unique (posting, candidate) pair drops a few duplicates. */
  matchings: number;
  /** Upper bound: one chat per accepted (organisation, candidate) pair, at most this many. */
  chats: number;
  /** Spread over the chats (on average messages ÷ chats each). */
  messages: number;
  /** Wanted; the unique (posting, candidate, day) key drops a few duplicates. */
  views: number;
}

export const STATISTICS_VOLUME_DEFAULTS: StatisticsVolumeSizes = {
  organizations: 10_000,
  postings: 50_000,
  candidates: 100_000,
  matchings: 300_000,
  chats: 60_000,
  messages: 1_000_000,
  views: 1_000_000,
};

export interface StatisticsVolumeResult {
  tag: string;
  /** Rows actually stored per table. */
  rows: Record<keyof StatisticsVolumeSizes, number>;
  /** Milliseconds per step. */
  timings: Record<string, number>;
}

/** Regions in percent (sums to 100): the organisations bench's proportions. */
const REGION_SHARES: [Region, number][] = [
  ['SINDELFINGEN', 25],
  ['LICHTENFELS', 10],
  ['HORB', 8],
  ['ESSLINGEN', 8],
  ['SOEST', 7],
  ['RHEIN_NECKAR', 10],
  ['ANHALT_BITTERFELD', 6],
  ['OEHRINGEN', 4],
  ['WORMS', 6],
  ['BRILON', 3],
  ['BARNIM', 4],
  ['MERSEBURG', 4],
  ['ATTENDORN', 5],
];
const REGION_TOWNS: Record<string, string> = {
  SINDELFINGEN: 'Sindelfingen',
  LICHTENFELS: 'Lichtenfels',
  HORB: 'Horb am Neckar',
  ESSLINGEN: 'Esslingen',
  SOEST: 'Soest',
  RHEIN_NECKAR: 'Mannheim',
  ANHALT_BITTERFELD: 'Bitterfeld-Wolfen',
  OEHRINGEN: 'Öhringen',
  WORMS: 'Worms',
  BRILON: 'Brilon',
  BARNIM: 'Eberswalde',
  MERSEBURG: 'Merseburg',
  ATTENDORN: 'Attendorn',
};
/** A dozen schools per region: pattern + the region's town. */
const SCHOOL_PATTERNS = [
  'Gymnasium am Stadtpark',
  'Realschule am Stadtgarten',
  'Gemeinschaftsschule',
  'Kaufmännische Schule',
  'Gewerbliche Schule',
  'Werkrealschule',
  'Albert-Einstein-Gymnasium',
  'Geschwister-Scholl-Realschule',
  'Berufliches Schulzentrum',
  'Mittelschule',
  'Wirtschaftsgymnasium',
  'Technisches Gymnasium',
];
/** Posting types in percent, and training occupations (the top-10 chart needs more than ten). */
const TYPE_SHARES: [PostingType, number][] = [
  ['APPRENTICESHIP', 55],
  ['DUAL_STUDY', 12],
  ['INTERNSHIP', 18],
  ['HOLIDAY_JOB', 8],
  ['VOLUNTARY_SERVICE', 7],
];
const OCCUPATIONS = [
  'Industriekaufmann/-frau',
  'Mechatroniker/in',
  'Fachinformatiker/in',
  'Elektroniker/in',
  'Kaufmann/-frau im Einzelhandel',
  'Pflegefachmann/-frau',
  'Industriemechaniker/in',
  'Kfz-Mechatroniker/in',
  'Medizinische/r Fachangestellte/r',
  'Anlagenmechaniker/in SHK',
  'Bankkaufmann/-frau',
  'Fachkraft für Lagerlogistik',
  'Zerspanungsmechaniker/in',
  'Tischler/in',
  'Verkäufer/in',
  'Kaufmann/-frau für Büromanagement',
  'Steuerfachangestellte/r',
  'Bäcker/in',
  'Hotelfachmann/-frau',
  'Erzieher/in',
];
const MESSAGE_TEXTS = [
  'Hallo, vielen Dank für Ihr Interesse! Hätten Sie Zeit für ein Kennenlerngespräch?',
  'Gern, ich habe nach der Schule meistens ab 14 Uhr Zeit.',
  'Passt Ihnen Donnerstag um 15:30 Uhr?',
  'Ja, Donnerstag passt. Soll ich etwas mitbringen?',
  'Bitte bringen Sie Ihr letztes Zeugnis mit.',
  'Kann ich vorher einen Tag zum Schnuppern kommen?',
  'Sehr gern, in den Ferien haben wir noch Plätze frei.',
  'Vielen Dank, bis dann!',
];

/** 100 slots, each a value repeated by its share: `slots[1 + n % 100]` picks by share. */
function slots<T>(shares: [T, number][]): T[] {
  const result = shares.flatMap(([value, share]) => Array.from({ length: share }, () => value));
  if (result.length !== 100) throw new Error(`shares must sum to 100, not ${result.length}`);
  return result;
}

/** A text[] literal as one bound parameter. */
const textArray = (values: readonly string[]): SQL =>
  sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

async function rowCount(db: Database, statement: SQL): Promise<number> {
  const result: unknown = await db.execute(statement);
  // node-postgres reports rowCount, PGlite affectedRows (the handle type knows neither).
  const counts = result as { rowCount?: number | null; affectedRows?: number };
  return Number(counts.rowCount ?? counts.affectedRows ?? 0);
}

/**
 * Adds the volume; returns the stored row counts and the time per step. `now` (default: the
 * clock) ends the current season's data; the previous season starts a year before its start.
 */
export async function seedStatisticsVolume(
  db: Database,
  sizes: StatisticsVolumeSizes = STATISTICS_VOLUME_DEFAULTS,
  options: { now?: Date } = {},
): Promise<StatisticsVolumeResult> {
  const now = options.now ?? new Date();
  const tag = randomBytes(4).toString('hex');
  const season = presetPeriod('SEASON', berlinToday(now));
  const start = new Date(`${previousPeriod(season).from}T00:00:00+02:00`);
  const span = `${Math.max(1, Math.floor((now.getTime() - start.getTime()) / 1000))} seconds`;
  const regions = textArray(slots(REGION_SHARES));
  const towns = textArray(slots(REGION_SHARES).map((region) => REGION_TOWNS[region]!));
  const types = textArray(slots(TYPE_SHARES));
  const occupations = textArray(OCCUPATIONS);
  const schools = textArray(SCHOOL_PATTERNS);
  const texts = textArray(MESSAGE_TEXTS);
  const startAt = sql`${start.toISOString()}::timestamptz`;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const { organizations: O, postings: P, candidates: C } = sizes;
  // Ids by number: the same expression in every statement finds the same row.
  const orgId = (n: SQL) => sql`md5(${tag} || 'o' || (${n}))::uuid`;
  const postingId = (n: SQL) => sql`md5(${tag} || 'v' || (${n}))::uuid`;
  const candidateId = (n: SQL) => sql`'vol-' || ${tag} || '-c' || (${n})`;
  // A candidate's registration: a fixed spread over both seasons, later numbers more recent
  // (growth), so matchings and views can start after it without reading it back.
  const registeredAt = (n: SQL) =>
    sql`(${startAt} + (${span})::interval * sqrt(((${n})::bigint * 7919 % ${C})::float8 / ${C}))`;
  // A moment between t and now (uniform).
  const after = (t: SQL) => sql`(${t} + (${nowAt} - ${t}) * random())`;

  const timings: Record<string, number> = {};
  const rows: Partial<StatisticsVolumeResult['rows']> = {};
  const step = async (
    name: keyof StatisticsVolumeSizes | 'users' | 'profiles' | 'chat versions' | 'analyze',
    statement: SQL,
  ) => {
    const started = performance.now();
    const count = await rowCount(db, statement);
    timings[name] = Math.round(performance.now() - started);
    if (name in sizes) rows[name as keyof StatisticsVolumeSizes] = count;
  };

  await step(
    'organizations',
    sql`insert into organizations (id, region, name, active, member, employee_count, branch, city, contact_name, approved_at, created_at, updated_at)
      select ${orgId(sql`i`)}, (${regions})[1 + (i * 37) % 100], 'Volumen ' || (${occupations})[1 + i % 20] || ' ' || i || ' GmbH',
        random() < 0.9, random() < 0.3, 5 + (random() * 400)::int, 'Ausbildungsbetrieb', (${towns})[1 + (i * 37) % 100], 'Vera Volumen',
        case when i % 200 = 0 then null else created + interval '1 day' end, created, created
      from (select i, ${startAt} + (${span})::interval * random() as created from generate_series(1, ${O}) i) g`,
  );
  await step(
    'postings',
    sql`insert into vacancies (id, organization_id, active, title, type, training_occupation_name, description, description_excerpt, contact_name, city, zip_code, created_at, updated_at)
      select ${postingId(sql`i`)}, ${orgId(sql`1 + floor(${O} * power(random(), 1.6))::int`)}, random() < 0.75,
        'Ausbildung ' || occupation, type, occupation, '<p>Beschreibung</p>', 'Beschreibung', 'Vera Volumen', 'Sindelfingen', '71063', created, created
      from (select i, (${types})[1 + (i * 13) % 100] as type, (${occupations})[1 + floor(20 * power(random(), 1.4))::int] as occupation,
              ${startAt} + (${span})::interval * random() as created
            from generate_series(1, ${P}) i) g`,
  );
  await step(
    'candidates',
    sql`insert into auth_users (id, name, email, email_verified, created_at, updated_at)
      select ${candidateId(sql`i`)}, 'Kandidat ' || i, 'vol-' || ${tag} || '-' || i || '@kandidaten.example', true, ${registeredAt(sql`i`)}, ${registeredAt(sql`i`)}
      from generate_series(1, ${C}) i`,
  );
  await step(
    'users',
    sql`insert into users (id, type, regions, privacy_statement_signed_at, terms_and_conditions_signed_at, notify_via_mail, created_at, updated_at)
      select ${candidateId(sql`i`)}, 'APPLICANT', '{}', ${registeredAt(sql`i`)}, ${registeredAt(sql`i`)}, false, ${registeredAt(sql`i`)}, ${registeredAt(sql`i`)}
      from generate_series(1, ${C}) i`,
  );
  // Ages 14–24, mostly 15–18; one in ten without school, one in twelve without date of birth.
  await step(
    'profiles',
    sql`insert into applicant_profiles (user_id, names, family_names, date_of_birth, school, region, interests, created_at, updated_at)
      select ${candidateId(sql`i`)}, array['Kandidat'], array['Nr. ' || i],
        case when i % 12 = 0 then null else (${nowAt} - make_interval(days => (365.25 * (case when random() < 0.8 then 15 + random() * 4 else 14 + random() * 10.9 end))::int))::date end,
        case when i % 10 = 0 then null else (${schools})[1 + floor(12 * power(random(), 1.3))::int] || ' ' || (${towns})[1 + (i * 31) % 100] end,
        (${regions})[1 + (i * 31) % 100], array[(${types})[1 + (i * 17) % 100]], ${registeredAt(sql`i`)}, ${registeredAt(sql`i`)}
      from generate_series(1, ${C}) i`,
  );
  // Each candidate's k-th interest goes to a posting derived from its number and k (popular
  // postings more often); states in proportions that make about `chats` accepted ones.
  const accepted = Math.min(0.9, sizes.chats / Math.max(1, sizes.matchings));
  await step(
    'matchings',
    sql`insert into matchings (vacancy_id, applicant_id, state, created_at, decided_at)
      select ${postingId(sql`v`)}, ${candidateId(sql`c`)}, state, created,
        case when state = 'OPEN' then null else least(${nowAt}, created + make_interval(hours => 1 + (random() * random() * 240)::int)) end
      from (select c, 1 + ((c::bigint * 7919 + k * 104729 + floor(${P} * power(random(), 2))::int) % ${P}) as v,
              case when r < ${accepted} then 'ACCEPTED' when r < ${accepted} + 0.25 then 'REJECTED' else 'OPEN' end as state,
              ${after(registeredAt(sql`c`))} as created
            from (select i, 1 + (i - 1) % ${C} as c, (i - 1) / ${C} as k, random() as r from generate_series(1, ${sizes.matchings}) i) s) g
      on conflict do nothing`,
  );
  await step(
    'chats',
    sql`insert into chats (organization_id, applicant_id, created_at, last_message_at, last_message_seq)
      select distinct on (v.organization_id, m.applicant_id) v.organization_id, m.applicant_id, m.decided_at, m.decided_at, 0
      from matchings m join vacancies v on v.id = m.vacancy_id
      where m.state = 'ACCEPTED' and m.applicant_id like ${`vol-${tag}-%`}
      order by v.organization_id, m.applicant_id, m.decided_at
      limit ${sizes.chats}
      on conflict do nothing`,
  );
  // 1 … 2×average messages per chat, the first one the system's, then the two sides in turn.
  const average = Math.max(1, sizes.messages / Math.max(1, sizes.chats));
  await step(
    'messages',
    sql`insert into messages (chat_id, seq, sender, sender_user_id, text, created_at)
      select c.id, s, case when s = 1 then 'SYSTEM' when s % 2 = 0 then 'ORGANIZATION' else 'APPLICANT' end,
        case when s > 1 and s % 2 = 1 then c.applicant_id end,
        case when s = 1 then 'Sie haben die Anfrage angenommen. Der Chat ist eröffnet.' else (${texts})[1 + s % 8] end,
        least(${nowAt}, c.created_at + make_interval(mins => s * c.pace))
      from (select id, applicant_id, created_at, 1 + floor(random() * ${Math.max(1, Math.round(2 * average - 1))})::int as total, 5 + floor(random() * 600)::int as pace
            from chats where applicant_id like ${`vol-${tag}-%`}) c
      cross join lateral generate_series(1, c.total) s`,
  );
  await step(
    'chat versions',
    sql`update chats set last_message_seq = m.seq, last_message_at = m.created_at
      from (select chat_id, max(seq) as seq, max(created_at) as created_at from messages group by chat_id) m
      where m.chat_id = chats.id and chats.applicant_id like ${`vol-${tag}-%`}`,
  );
  // Views: each candidate looks at postings on days between registration and now.
  await step(
    'views',
    sql`insert into vacancy_views (vacancy_id, applicant_id, day, created_at)
      select ${postingId(sql`1 + floor(${P} * power(random(), 1.8))::int`)}, ${candidateId(sql`c`)}, (seen at time zone 'Europe/Berlin')::date, seen
      from (select c, ${after(registeredAt(sql`c`))} as seen from (select 1 + (i - 1) % ${C} as c from generate_series(1, ${sizes.views}) i) s) g
      on conflict do nothing`,
  );
  // Fresh statistics, as autovacuum would have them after a bulk load.
  await step('analyze', sql`analyze`);
  return { tag, rows: rows as StatisticsVolumeResult['rows'], timings };
}

async function main(): Promise<void> {
  const { openDatabase } = await import('../src/db/client');
  const { isDatabaseEmpty, seedDemoData } = await import('../src/seed/demo-data');
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is needed (an empty PostgreSQL database; it is migrated first)');
  const sizes = { ...STATISTICS_VOLUME_DEFAULTS };
  for (const key of Object.keys(sizes) as (keyof StatisticsVolumeSizes)[]) {
    const value = process.env[`VOLUME_${key.toUpperCase()}`];
    if (value) sizes[key] = Number(value);
  }
  const handle = await openDatabase({ kind: 'pg', url });
  try {
    const started = performance.now();
    await handle.migrate();
    if (await isDatabaseEmpty(handle.db)) await seedDemoData(handle.db);
    const result = await seedStatisticsVolume(handle.db, sizes);
    console.log(JSON.stringify(result, null, 2));
    console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
