/**
 * Volume for the administration's organisations list (issue #10): organisations in the demo's
 * proportions (a quarter in SINDELFINGEN, the partner@ region), 0–3 users each, postings spread
 * over them and matchings of the demo candidates. Runs after the demo seed (needs its
 * candidates and password hash). Used by `npm run bench` and for EXPLAIN figures.
 */
import type { Region } from '@matchwerk/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { authAccounts, matchings, users, vacancies } from '../src/db/schema/index';
import { createRandom, generateOrganizations, insertOrganizations } from '../src/seed/demo-administration';

const SHARES: [Region, number][] = [
  ['SINDELFINGEN', 0.25],
  ['LICHTENFELS', 0.1],
  ['HORB', 0.08],
  ['ESSLINGEN', 0.08],
  ['SOEST', 0.07],
  ['RHEIN_NECKAR', 0.1],
  ['ANHALT_BITTERFELD', 0.06],
  ['OEHRINGEN', 0.04],
  ['WORMS', 0.06],
  ['BRILON', 0.03],
  ['BARNIM', 0.04],
  ['MERSEBURG', 0.04],
  ['ATTENDORN', 0.05],
];

export async function addOrganizations(db: Database, volume: { organizations: number; postings: number }) {
  const plan = SHARES.map(([region, share]) => [region, Math.round(volume.organizations * share)] as const);
  const generated = generateOrganizations({ now: new Date(), plan, seed: 10_000, waiting: false, extras: false });
  // The demo accounts' hash: every generated user could sign in with the demo password.
  const [account] = await db.select({ password: authAccounts.password }).from(authAccounts).limit(1);
  const ids = await insertOrganizations(db, generated, { passwordHash: account?.password ?? '' });
  const random = createRandom(42);
  const postings = Array.from({ length: volume.postings }, (_, index) => ({
    organizationId: ids[random.int(0, ids.length - 1)]!,
    title: `Ausbildung Verwaltung ${String(index).padStart(5, '0')}`,
    type: 'APPRENTICESHIP' as const,
    description: '<p>Beschreibung</p>',
    descriptionExcerpt: 'Beschreibung',
    contactName: 'Bench Person',
    city: 'Böblingen',
    zipCode: '71032',
    active: random.chance(0.7),
  }));
  const postingIds: string[] = [];
  for (let start = 0; start < postings.length; start += 500) {
    const rows = await db
      .insert(vacancies)
      .values(postings.slice(start, start + 500))
      .returning({ id: vacancies.id });
    postingIds.push(...rows.map((row) => row.id));
  }
  const applicants = await db.select({ id: users.id }).from(users).where(eq(users.type, 'APPLICANT'));
  const states = ['OPEN', 'OPEN', 'ACCEPTED', 'REJECTED'] as const;
  // Every second posting gets two candidates (unique per posting and candidate).
  const pairs = postingIds.flatMap((vacancyId, index) =>
    index % 2 === 0
      ? []
      : applicants
          .slice(index % applicants.length, (index % applicants.length) + 2)
          .map((applicant) => ({ vacancyId, applicantId: applicant.id, state: random.pick(states) })),
  );
  for (let start = 0; start < pairs.length; start += 500)
    await db.insert(matchings).values(pairs.slice(start, start + 500));
  // As autovacuum leaves a table after a bulk load (PostgreSQL ≥ 13 vacuums after inserts too):
  // fresh statistics, and a visibility map, without which no count or sort is index-only.
  await db.execute(sql`vacuum analyze`);
  return {
    organizations: ids.length,
    users: generated.reduce((sum, item) => sum + item.users.length, 0),
    postings: postingIds.length,
    matchings: pairs.length,
  };
}
