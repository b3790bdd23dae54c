// @database-sensitive: the demo data npm start writes
/** The administration demo as the first seed leaves it (the test template is seeded like a fresh demo). */
import { count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authUsers, organizations, users, vacancies } from '../db/schema/index';
import { ACTOR_EMAILS } from '../testing/actors';
import { createTestApp, type TestApp } from '../testing/test-app';
import { DEMO_ORGANIZATIONS } from './demo-data';
import { DEMO_WAITING_ORGANIZATION, generateOrganizations } from './demo-administration';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('administration demo data', () => {
  it('has 60 organisations across regions: ≥ 20 in SINDELFINGEN, some in LICHTENFELS and HORB, others elsewhere', async () => {
    const rows = await testApp.database.db
      .select({ region: organizations.region, total: count() })
      .from(organizations)
      .groupBy(organizations.region);
    const byRegion = Object.fromEntries(rows.map((row) => [row.region, Number(row.total)]));
    expect(Object.values(byRegion).reduce((sum, value) => sum + value, 0)).toBe(60);
    expect(byRegion.SINDELFINGEN).toBeGreaterThanOrEqual(20);
    expect(byRegion.LICHTENFELS).toBeGreaterThanOrEqual(3);
    expect(byRegion.HORB).toBeGreaterThanOrEqual(3);
    expect(Object.keys(byRegion).length).toBeGreaterThanOrEqual(12);
  });

  it('exactly one organisation waits for release: a fresh SINDELFINGEN sign-up, inactive, with a confirmed user', async () => {
    const db = testApp.database.db;
    const waiting = await db.select().from(organizations).where(isNull(organizations.approvedAt));
    expect(waiting.map((row) => [row.name, row.region, row.active])).toEqual([
      [DEMO_WAITING_ORGANIZATION.name, 'SINDELFINGEN', false],
    ]);
    const members = await db
      .select({ email: authUsers.email, verified: authUsers.emailVerified })
      .from(users)
      .innerJoin(authUsers, eq(authUsers.id, users.id))
      .where(eq(users.organizationId, waiting[0]!.id));
    expect(members).toEqual([{ email: DEMO_WAITING_ORGANIZATION.email, verified: true }]);
  });

  it('has inactive ones, members, places, 0–3 confirmed users each (some signed in lately), postings and audit entries', async () => {
    const db = testApp.database.db;
    const all = await db.select().from(organizations);
    expect(all.filter((row) => !row.active && row.approvedAt).length).toBeGreaterThanOrEqual(3);
    expect(all.filter((row) => row.member).length).toBeGreaterThanOrEqual(10);
    expect(all.filter((row) => row.city).length).toBeGreaterThanOrEqual(51);
    const perOrganization = await db
      .select({
        organizationId: users.organizationId,
        total: count(),
        signedIn: sql<number>`count(${users.lastSignInAt})::int`,
      })
      .from(users)
      .where(sql`${users.organizationId} is not null`)
      .groupBy(users.organizationId);
    expect(Math.max(...perOrganization.map((row) => Number(row.total)))).toBeLessThanOrEqual(3);
    expect(perOrganization.length).toBeLessThan(all.length);
    expect(perOrganization.reduce((sum, row) => sum + row.signedIn, 0)).toBeGreaterThanOrEqual(15);
    const generatedEmails = generateOrganizations({ now: new Date() }).flatMap((item) =>
      item.users.map((user) => user.email),
    );
    const stored = await db
      .select({
        verified: authUsers.emailVerified,
        terms: users.termsAndConditionsSignedAt,
        privacy: users.privacyStatementSignedAt,
        type: users.type,
      })
      .from(authUsers)
      .innerJoin(users, eq(users.id, authUsers.id))
      .where(sql`${authUsers.email} in ${generatedEmails}`);
    expect(stored).toHaveLength(generatedEmails.length);
    expect(stored.every((row) => row.verified && row.terms && row.privacy && row.type === 'ORGANIZATION')).toBe(true);
    const postings = await db
      .select({ organizationId: vacancies.organizationId })
      .from(vacancies)
      .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
      .where(sql`${organizations.city} is not null`);
    expect(new Set(postings.map((row) => row.organizationId)).size).toBeGreaterThanOrEqual(5);
    expect((await db.select({ total: count() }).from(auditLog))[0]!.total).toBeGreaterThanOrEqual(51);
  });

  it('is deterministic and avoids the words other tests search for', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const first = generateOrganizations({ now });
    expect(generateOrganizations({ now }).map((item) => item.values.name)).toEqual(
      first.map((item) => item.values.name),
    );
    const text = JSON.stringify(first);
    expect(text).not.toMatch(/korb|zweifelhaft|listentest|balken|stelle|firma@/i);
    expect(new Set(first.map((item) => item.values.name)).size).toBe(first.length);
  });

  it("keeps the demo accounts' organisations as they were, now released", async () => {
    const db = testApp.database.db;
    const [own] = await db
      .select()
      .from(users)
      .where(eq(users.id, await testApp.userIdOf(ACTOR_EMAILS.organisationOwn)));
    const [organization] = await db.select().from(organizations).where(eq(organizations.id, own!.organizationId!));
    expect(organization).toMatchObject({
      name: DEMO_ORGANIZATIONS.sindelfingen!.name,
      member: true,
      active: true,
      city: null,
    });
    expect(organization!.approvedAt).toBeInstanceOf(Date);
  });
});
