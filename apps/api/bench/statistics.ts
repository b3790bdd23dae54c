/**
 * Statistics bench (issue #11, ADR 0024): p50/p95 of every dashboard query on its own and of the
 * whole dashboard (all queries in parallel on the pool, as the route runs them), for a season
 * and a month, all regions and one region, plus the per-organisation table.
 *
 * Runs on a fresh PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL) filled by
 * `seedStatisticsVolume` (10,000 organisations, 50,000 postings, 100,000 candidates, 300,000
 * matchings, 60,000 chats, 1,000,000 messages, 1,000,000 views by default; VOLUME_<NAME> to
 * change). `BENCH_KEEP_DATABASE=<name>` reuses an already filled database instead (no seeding,
 * not dropped), e.g. to try an index. BENCH_ITERATIONS (default 30) runs per figure.
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/statistics.ts
 */
import { berlinToday, presetPeriod, type Region } from '@matchwerk/shared';
import { sql } from 'drizzle-orm';
import type { SessionActor } from '../src/access/actor';
import { openDatabase } from '../src/db/client';
import { createStatisticsRepository, type StatisticsScope } from '../src/modules/statistics/statistics.repository';
import { createStatisticsService } from '../src/modules/statistics/statistics.service';
import { seedDemoData } from '../src/seed/demo-data';
import { createDatabaseFromTemplate, databaseUrlFor, dropDatabase } from '../src/testing/template';
import { previousPeriod } from '@matchwerk/shared';
import { seedStatisticsVolume, STATISTICS_VOLUME_DEFAULTS, type StatisticsVolumeSizes } from './statistics-volume';

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('BENCH_DATABASE_URL or TEST_DATABASE_URL is needed (PostgreSQL)');
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 30);
const KEEP = process.env.BENCH_KEEP_DATABASE;

function sizes(): StatisticsVolumeSizes {
  const result = { ...STATISTICS_VOLUME_DEFAULTS };
  for (const key of Object.keys(result) as (keyof StatisticsVolumeSizes)[]) {
    const override = process.env[`VOLUME_${key.toUpperCase()}`];
    if (override) result[key] = Number(override);
  }
  return result;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

async function timed(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let warm = 0; warm < 3; warm++) await run();
  const times: number[] = [];
  for (let index = 0; index < ITERATIONS; index++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

const name = KEEP ?? (await createDatabaseFromTemplate(serverUrl, 'template1'));
const database = await openDatabase({ kind: 'pg', url: databaseUrlFor(serverUrl, name) });
try {
  await database.migrate();
  if (!KEEP) {
    await seedDemoData(database.db);
    const started = performance.now();
    const volume = await seedStatisticsVolume(database.db, sizes());
    console.log(`Volumen in ${((performance.now() - started) / 1000).toFixed(0)} s:`, volume.rows);
  }
  // What autovacuum keeps in a running installation: dead rows of the seeding gone, fresh statistics.
  await database.db.execute(sql`vacuum analyze`);

  const repository = createStatisticsRepository(database.db);
  const service = createStatisticsService({ repository, clock: () => new Date() });
  const admin = {
    type: 'ADMIN',
    regions: [],
    organizationId: null,
    privacyStatementSignedAt: new Date(),
    termsAndConditionsSignedAt: new Date(),
    legalDue: [],
  } as unknown as SessionActor;
  const today = berlinToday();
  const periods = { Saison: presetPeriod('SEASON', today), Monat: presetPeriod('MONTH', today) };
  const regionCases: [string, Region | undefined][] = [
    ['alle Regionen', undefined],
    ['SINDELFINGEN', 'SINDELFINGEN'],
  ];

  const rows: string[][] = [['Fall', 'Abfrage', 'p50 (ms)', 'p95 (ms)']];
  for (const [periodName, period] of Object.entries(periods)) {
    for (const [regionName, region] of regionCases) {
      const label = `${periodName} ${period.from}–${period.to}, ${regionName}`;
      const scope: StatisticsScope = {
        regions: region ? [region] : null,
        current: period,
        previous: previousPeriod(period),
      };
      const queries: [string, () => Promise<unknown>][] = [
        ['organizations', () => repository.organizations(scope)],
        ['postingsByType', () => repository.postingsByType(scope)],
        ['candidates', () => repository.candidates(scope)],
        ['eventDays', () => repository.eventDays(scope)],
        ['answerBuckets', () => repository.answerBuckets(scope)],
        ['occupationInterest', () => repository.occupationInterest(scope)],
      ];
      for (const [queryName, run] of queries) {
        const measured = await timed(run);
        rows.push([label, queryName, measured.p50.toFixed(1), measured.p95.toFixed(1)]);
        console.log(rows.at(-1)!.join('  '));
      }
      const whole = await timed(() => service.dashboard(admin, { ...period, region }));
      rows.push([label, 'DASHBOARD (alle parallel)', whole.p50.toFixed(1), whole.p95.toFixed(1)]);
      console.log(rows.at(-1)!.join('  '));
      const tablePage = await timed(() =>
        service.organizations(admin, { ...period, region, sort: 'openOverdue', order: 'desc', page: 0, pageSize: 25 }),
      );
      rows.push([label, 'Unternehmenstabelle, Seite 1 (25)', tablePage.p50.toFixed(1), tablePage.p95.toFixed(1)]);
    }
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  console.log(
    `\nStatistik-Bench (PostgreSQL, ${ITERATIONS} Läufe je Abfrage, nacheinander; Dashboard: alle Abfragen parallel auf dem Pool)`,
  );
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
} finally {
  await database.close();
  if (!KEEP) await dropDatabase(serverUrl, name);
}
