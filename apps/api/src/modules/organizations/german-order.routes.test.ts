// @database-sensitive: German order and search (ADR 0117) are generated columns, SQL functions, COLLATE "C" and trigram lookups
/**
 * Issue 48 item 4 on PostgreSQL (TEST_DATABASE_URL) and PGlite alike, with exactly the issue's
 * names: DIN 5007-1 order ("Bäckerei" before "Brenner", "Ümit" among the U) in the organisations,
 * users and statistics lists, and searches that find the umlaut spellings both ways. The SQL
 * twins of packages/shared/src/german-text.ts give the same keys as the shared functions.
 */
import {
  compareGerman,
  GERMAN_FOLD_FROM,
  germanSearchText,
  germanSortKey,
  type OrganizationListResponse,
  type StatisticsOrganizationsPage,
  type UserListResponse,
} from '@matchwerk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema/index';
import { actorHeaders, type ActorName, createTestUser } from '../../testing/actors';
import { insertOrganization } from '../../testing/fixtures';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';

const REGION = 'HORB';
const NAMES = [
  'Brenner Metallbau',
  'Bäckerei Olm',
  'Baeckerei Sommer',
  'Backerei Rhein',
  'Ümit Transporte',
  'Uwe Sanitär',
  'Ulrich Dachbau',
  'Zimmerei Ölm',
  'Oelm Elektro',
  'Anton Maler',
] as const;

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
const ids = new Map<string, string>();
beforeAll(async () => {
  testApp = await createTestApp();
  headers = await actorHeaders(testApp);
  const db = testApp.database.db;
  for (const name of NAMES) ids.set(name, await insertOrganization(db, { name, region: REGION }));
  await db.update(organizations).set({ approvedAt: new Date() });
  for (const name of ['Ümit Yılmaz', 'Uwe Brenner', 'Ulrich Bäcker', 'Anna Oelmann'])
    await createTestUser(testApp, {
      type: 'ORGANIZATION',
      name,
      organization: ids.get('Anton Maler')!,
      email: `${name.split(' ')[0]!.toLowerCase()}@german-order.example`,
    });
});
afterAll(async () => {
  await testApp?.close();
});

async function get<T>(url: string): Promise<T> {
  const response = await testApp.app.inject({ method: 'GET', url, headers: { ...headers.admin, origin: TEST_ORIGIN } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const ours = (items: { name: string }[]) =>
  items.map((item) => item.name).filter((name) => (NAMES as readonly string[]).includes(name));

describe('the SQL twins of the shared normalisation', () => {
  it('give the same sort key and search text for every folded letter', async () => {
    const samples = [GERMAN_FOLD_FROM, 'Straße ẞ Œuvre', 'Bäckerei Ölm-Ümit GmbH & Co. KG', 'Æbleskiver Łódź'];
    for (const value of samples) {
      // Both drivers (node-postgres, PGlite) answer raw SQL with `{ rows }`; the shared handle type cannot say so.
      const result: unknown = await testApp.database.db.execute(
        sql`select german_sort_key(${value}) as sort, german_search_text(${value}) as search`,
      );
      expect((result as { rows: unknown[] }).rows[0]).toEqual({
        sort: germanSortKey(value),
        search: germanSearchText(value),
      });
    }
  });
});

describe('German order (DIN 5007-1)', () => {
  const expected = [...NAMES].sort(compareGerman);

  it("is the issue's order: Bäckerei before Brenner, Ümit among the U", () => {
    expect(expected.indexOf('Bäckerei Olm')).toBeLessThan(expected.indexOf('Brenner Metallbau'));
    expect(expected.slice(expected.indexOf('Ulrich Dachbau'), expected.indexOf('Uwe Sanitär') + 1)).toEqual([
      'Ulrich Dachbau',
      'Ümit Transporte',
      'Uwe Sanitär',
    ]);
  });

  it('sorts the organisations list both ways', async () => {
    const asc = await get<OrganizationListResponse>(
      `/rest/organization/?region=${REGION}&sort=name&order=asc&pageSize=100`,
    );
    expect(ours(asc.items)).toEqual(expected);
    const desc = await get<OrganizationListResponse>(
      `/rest/organization/?region=${REGION}&sort=name&order=desc&pageSize=100`,
    );
    expect(ours(desc.items)).toEqual([...expected].reverse());
  });

  it('pages the organisations list in that order (the index walk of a deeper page)', async () => {
    const pages: string[] = [];
    for (let page = 0, more = true; more; page++) {
      const body = await get<OrganizationListResponse>(
        `/rest/organization/?region=${REGION}&sort=name&order=asc&pageSize=3&page=${page}`,
      );
      pages.push(...ours(body.items));
      more = body.items.length === 3;
    }
    expect(pages).toEqual(expected);
  });

  it('sorts the statistics organisations table', async () => {
    const body = await get<StatisticsOrganizationsPage>(
      `/rest/statistics/organizations?from=2030-03-01&to=2030-03-31&region=${REGION}&sort=name&order=asc`,
    );
    expect(ours(body.items)).toEqual(expected);
  });

  it('sorts the users list by name', async () => {
    const body = await get<UserListResponse>(
      `/rest/users/?search=${encodeURIComponent('german-order.example')}&sort=name&order=asc`,
    );
    expect(body.items.map((item) => item.name)).toEqual([
      'Anna Oelmann',
      'Ulrich Bäcker',
      'Ümit Yılmaz',
      'Uwe Brenner',
    ]);
  });
});

describe('German search finds the spellings both ways', () => {
  const search = async (term: string) =>
    ours(
      (
        await get<OrganizationListResponse>(
          `/rest/organization/?region=${REGION}&search=${encodeURIComponent(term)}&sort=name&pageSize=100`,
        )
      ).items,
    );
  const BAKERIES = ['Bäckerei Olm', 'Backerei Rhein', 'Baeckerei Sommer'];
  const OLM = ['Bäckerei Olm', 'Oelm Elektro', 'Zimmerei Ölm'];

  it.each(['Baeckerei', 'Backerei', 'bäckerei'])('%s finds every bakery', async (term) => {
    expect(await search(term)).toEqual(BAKERIES);
  });

  it.each(['Olm', 'Oelm', 'Ölm'])('%s finds Olm, Oelm and Ölm', async (term) => {
    expect(await search(term)).toEqual(OLM);
  });

  it('finds a name by a term that starts inside a spelled-out umlaut and nothing that is not there', async () => {
    expect(await search('elm Elek')).toEqual(['Oelm Elektro']);
    expect(await search('Bäckermeister')).toEqual([]);
  });

  it('in the statistics table and the users list as well', async () => {
    const table = await get<StatisticsOrganizationsPage>(
      `/rest/statistics/organizations?from=2030-03-01&to=2030-03-31&region=${REGION}&search=Oelm&sort=name`,
    );
    expect(ours(table.items)).toEqual(OLM);
    const people = await get<UserListResponse>(`/rest/users/?search=${encodeURIComponent('Umit')}`);
    expect(people.items.map((item) => item.name)).toEqual(['Ümit Yılmaz']);
    // By their organisation's name ("Anton Maler") in another spelling.
    const byOrganization = await get<UserListResponse>(`/rest/users/?search=${encodeURIComponent('anton mäler')}`);
    expect(byOrganization.items).toHaveLength(4);
  });
});
