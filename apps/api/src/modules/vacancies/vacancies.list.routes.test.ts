// @database-sensitive: search, distance and sorting in SQL
/**
 * The posting list at scale (ADR 0028): keyset cursors for every sort, trigram search, counts per
 * scope and the organisation name/region copied onto postings. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import {
  VACANCY_SEARCH_COUNT_LIMIT,
  VACANCY_SORT_FIELDS,
  type Region,
  type VacancyListItem,
  type VacancyListResponse,
} from '@matchwerk/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users, vacancies } from '../../db/schema/index';
import { actorHeaders, bearer, createSessionToken, createTestUser, type ActorName } from '../../testing/actors';
import { insertOrganization, insertVacancy } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { CURSOR_MESSAGES } from './vacancy-cursor';

let testApp: TestApp;
/** The walk organisation's own user: its list without search is a prepared statement of its own. */
type Walker = ActorName | 'walkOrganization';
let headers: Record<Walker, Record<string, string>>;
/** An organisation of its own whose postings the walks page through (admin, narrowed by organizationId). */
let walkOrganizationId: string;
const WALK_SIZE = 11;

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  walkOrganizationId = await insertOrganization(db, { name: 'Keyset Walk GmbH', region: 'HORB' });
  const walker = await createTestUser(testApp, { type: 'ORGANIZATION', organization: walkOrganizationId });
  headers = {
    ...(await actorHeaders(testApp)),
    walkOrganization: bearer(await createSessionToken(testApp, walker.id)),
  };
  // Ties on purpose: equal titles, equal contact names, equal and missing start dates, equal updatedAt.
  const sameTime = new Date('2026-03-01T10:00:00.123Z');
  for (let index = 0; index < WALK_SIZE; index++) {
    await insertVacancy(db, walkOrganizationId, {
      title: `Walk ${index % 3}`,
      contactName: index % 2 ? 'Anna' : 'Bert',
      start: index % 4 === 0 ? null : `2027-0${(index % 3) + 1}-01`,
      updatedAt: index < 5 ? sameTime : new Date(sameTime.getTime() + index * 1000),
    });
  }
});
afterAll(async () => {
  await testApp?.close();
});

async function list(actor: Walker, query: string): Promise<VacancyListResponse> {
  const response = await testApp.app.inject({ method: 'GET', url: `/rest/vacancy?${query}`, headers: headers[actor] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VacancyListResponse>();
}

/** Every page of a query, followed by nextCursor from page 1 on. */
async function walkByCursor(actor: Walker, query: string): Promise<{ items: VacancyListItem[]; pages: number }> {
  const items: VacancyListItem[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: VacancyListResponse = await list(actor, `${query}&page=${pages}${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...page.items);
    pages++;
    cursor = page.nextCursor;
    expect(pages).toBeLessThan(50);
  } while (cursor);
  return { items, pages };
}

async function walkByOffset(actor: Walker, query: string, pageSize: number): Promise<VacancyListItem[]> {
  const first = await list(actor, `${query}&page=0`);
  const items = [...first.items];
  for (let page = 1; page * pageSize < first.total; page++)
    items.push(...(await list(actor, `${query}&page=${page}`)).items);
  return items;
}

describe('GET /rest/vacancy — keyset paging (cursor)', () => {
  const walks: { by: string; actor: Walker; scope: () => string }[] = [
    {
      by: 'the admin, narrowed to the organisation',
      actor: 'admin',
      scope: () => `organizationId=${walkOrganizationId}&`,
    },
    { by: 'the organisation itself (prepared statements)', actor: 'walkOrganization', scope: () => '' },
  ];
  for (const { by, actor, scope } of walks)
    for (const sort of VACANCY_SORT_FIELDS) {
      for (const order of ['asc', 'desc'] as const) {
        it(`walks every posting once, in the offset order, sorted by ${sort} ${order}, as ${by}`, async () => {
          const query = `${scope()}sort=${sort}&order=${order}&pageSize=3`;
          const byCursor = await walkByCursor(actor, query);
          const byOffset = await walkByOffset(actor, query, 3);
          expect(byCursor.items).toHaveLength(WALK_SIZE);
          expect(byCursor.pages).toBe(Math.ceil(WALK_SIZE / 3));
          expect(new Set(byCursor.items.map((item) => item.id)).size).toBe(WALK_SIZE);
          expect(byCursor.items.map((item) => item.id)).toEqual(byOffset.map((item) => item.id));
          // The primary key really is sorted (ASCII values: the same under every collation).
          const primary = (item: VacancyListItem) =>
            sort === 'title'
              ? item.title
              : sort === 'contactName'
                ? item.contactName
                : sort === 'start'
                  ? item.start
                  : null;
          const values = byCursor.items.map(primary);
          if (sort === 'start') {
            // Postings without a start come last in both directions.
            const firstNull = values.indexOf(null);
            expect(values.slice(firstNull).every((value) => value === null)).toBe(true);
            const dated = values.slice(0, firstNull) as string[];
            expect(dated).toEqual(
              [...dated].sort((a, b) => (order === 'asc' ? a.localeCompare(b) : b.localeCompare(a))),
            );
          } else if (sort === 'title' || sort === 'contactName') {
            const strings = values as string[];
            expect(strings).toEqual(
              [...strings].sort((a, b) =>
                order === 'asc' ? (a < b ? -1 : a > b ? 1 : 0) : a < b ? 1 : a > b ? -1 : 0,
              ),
            );
          }
        });
      }
    }

  it('gives the last page no next cursor, and a page that fits exactly none either', async () => {
    const all = await list('admin', `organizationId=${walkOrganizationId}&pageSize=${WALK_SIZE}`);
    expect(all.items).toHaveLength(WALK_SIZE);
    expect(all.nextCursor).toBeNull();
    expect(all.totalExact).toBe(true);
    const first = await list('admin', `organizationId=${walkOrganizationId}&pageSize=${WALK_SIZE - 1}`);
    expect(first.nextCursor).not.toBeNull();
    const last = await list(
      'admin',
      `organizationId=${walkOrganizationId}&pageSize=${WALK_SIZE - 1}&page=1&cursor=${first.nextCursor}`,
    );
    expect(last.items).toHaveLength(1);
    expect(last.nextCursor).toBeNull();
    expect(last.total).toBe(WALK_SIZE);
  });

  it('keeps its place when rows are added before it (what offset paging cannot)', async () => {
    const query = `organizationId=${walkOrganizationId}&sort=title&pageSize=4`;
    const first = await list('admin', query);
    // "Walk" sorts before every "Walk n": the new row lands on page 1.
    const id = await insertVacancy(testApp.database.db, walkOrganizationId, { title: 'Walk' });
    try {
      const second = await list('admin', `${query}&page=1&cursor=${first.nextCursor}`);
      const offsetSecond = await list('admin', `${query}&page=1`);
      expect(second.items[0]!.title >= first.items.at(-1)!.title).toBe(true);
      expect(second.items.map((item) => item.id)).not.toContain(first.items.at(-1)!.id);
      // Offset paging shows the last row of page 1 again on page 2 after the insert.
      expect(offsetSecond.items.map((item) => item.id)).toContain(first.items.at(-1)!.id);
    } finally {
      await testApp.database.db.delete(vacancies).where(eq(vacancies.id, id));
    }
  });

  it('answers 400 with a German message for broken, forged or foreign cursors', async () => {
    const first = await list('admin', `organizationId=${walkOrganizationId}&sort=title&pageSize=3`);
    const forge = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');
    const cases: [string, string][] = [
      ['sort=title&cursor=nicht-base64-json', CURSOR_MESSAGES.invalid],
      [`sort=title&cursor=${forge({ s: 'title', o: 'asc', k: ['x', 'y'] })}`, CURSOR_MESSAGES.invalid],
      [
        `sort=start&cursor=${forge({ s: 'start', o: 'asc', k: ['2027-02-31', 'x', '00000000-0000-4000-8000-000000000000'] })}`,
        CURSOR_MESSAGES.invalid,
      ],
      [
        `sort=updatedAt&cursor=${forge({ s: 'updatedAt', o: 'asc', k: ['gestern', '00000000-0000-4000-8000-000000000000'] })}`,
        CURSOR_MESSAGES.invalid,
      ],
      [
        `sort=title&cursor=${forge({ s: 'title', o: 'asc', k: ['a\u0000', 'b', '00000000-0000-4000-8000-000000000000'] })}`,
        CURSOR_MESSAGES.invalid,
      ],
      [`sort=contactName&cursor=${first.nextCursor}`, CURSOR_MESSAGES.otherSort],
      [`sort=title&order=desc&cursor=${first.nextCursor}`, CURSOR_MESSAGES.otherSort],
      ['sort=title&cursor=%25%25', 'Ungültiger Seiten-Cursor.'],
    ];
    for (const [query, message] of cases) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/rest/vacancy?${query}`,
        headers: headers.admin,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toContain(message);
    }
  });

  it('accepts a cursor from a key in the middle (a timestamp with microseconds stays exact)', async () => {
    const db = testApp.database.db;
    const precise = await insertVacancy(db, walkOrganizationId, { title: 'Walk µs' });
    try {
      await db.execute(sql`update ${vacancies} set updated_at = '2030-01-01 00:00:00.123456+00' where id = ${precise}`);
      const query = `organizationId=${walkOrganizationId}&sort=updatedAt&order=desc&pageSize=1`;
      const first = await list('admin', query);
      expect(first.items[0]!.id).toBe(precise);
      const second = await list('admin', `${query}&page=1&cursor=${first.nextCursor}`);
      expect(second.items[0]!.id).not.toBe(precise);
    } finally {
      await db.delete(vacancies).where(eq(vacancies.id, precise));
    }
  });
});

describe('GET /rest/vacancy — search (trigram indexes)', () => {
  let searchOrganizationId: string;
  beforeAll(async () => {
    const db = testApp.database.db;
    searchOrganizationId = await insertOrganization(db, { name: 'Bäckerei Übermüller KG', region: 'HORB' });
    await insertVacancy(db, searchOrganizationId, { title: 'Ausbildung Fachverkäufer/in Bäckerhandwerk' });
    await insertVacancy(db, searchOrganizationId, { title: '100% Einsatz gesucht' });
    await insertVacancy(db, searchOrganizationId, { title: 'Stelle a_b' });
    await insertVacancy(db, searchOrganizationId, { title: 'Stelle axb' });
  });

  const titles = async (search: string) =>
    (
      await list('admin', `organizationId=${searchOrganizationId}&pageSize=100&search=${encodeURIComponent(search)}`)
    ).items
      .map((item) => item.title)
      .sort();

  it('finds umlauts in any case, in titles and organisation names', async () => {
    expect(await titles('BÄCKERHAND')).toEqual(['Ausbildung Fachverkäufer/in Bäckerhandwerk']);
    expect(await titles('verkäufer')).toEqual(['Ausbildung Fachverkäufer/in Bäckerhandwerk']);
    // The organisation's name matches every posting of it.
    expect(await titles('übermüller')).toHaveLength(4);
    const all = await list('admin', `search=${encodeURIComponent('ÜBERMÜLLER')}&pageSize=100`);
    expect(all.total).toBe(4);
  });

  it('takes % and _ literally', async () => {
    expect(await titles('100%')).toEqual(['100% Einsatz gesucht']);
    expect(await titles('a_b')).toEqual(['Stelle a_b']);
    expect(await titles('%')).toEqual(['100% Einsatz gesucht']);
  });

  it('counts a search up to the limit only, and says so', async () => {
    const db = testApp.database.db;
    const organizationId = await insertOrganization(db, { name: 'Massenanzeigen GmbH', region: 'HORB' });
    const rows = Array.from({ length: VACANCY_SEARCH_COUNT_LIMIT + 5 }, (_, index) => ({
      organizationId,
      title: `Massenstelle ${index}`,
      type: 'APPRENTICESHIP' as const,
      description: '<p>x</p>',
      contactName: 'Max',
      city: 'Horb',
      zipCode: '72160',
    }));
    await db.insert(vacancies).values(rows);
    try {
      const broad = await list('admin', 'search=massenstelle&pageSize=100');
      expect(broad).toMatchObject({ total: VACANCY_SEARCH_COUNT_LIMIT, totalExact: false });
      expect(broad.items).toHaveLength(100);
      expect(broad.nextCursor).not.toBeNull();
      const narrow = await list('admin', 'search=massenstelle%201000&pageSize=100');
      expect(narrow).toMatchObject({ total: 1, totalExact: true });
      // Without a search the count is exact, however large.
      expect(await list('admin', `organizationId=${organizationId}&pageSize=1`)).toMatchObject({
        total: VACANCY_SEARCH_COUNT_LIMIT + 5,
        totalExact: true,
      });
    } finally {
      await db.delete(vacancies).where(eq(vacancies.organizationId, organizationId));
    }
  });

  it('pages a search by cursor with the right total', async () => {
    const query = `organizationId=${searchOrganizationId}&search=stelle&pageSize=1&sort=title`;
    const first = await list('admin', query);
    expect(first.total).toBe(2);
    const second = await list('admin', `${query}&page=1&cursor=${first.nextCursor}`);
    expect([first.items[0]!.title, second.items[0]!.title]).toEqual(['Stelle a_b', 'Stelle axb']);
    expect(second.nextCursor).toBeNull();
  });
});

describe('GET /rest/vacancy — counts per scope and the copied organisation name', () => {
  const countWhere = async (where?: ReturnType<typeof eq>) =>
    Number((await testApp.database.db.select({ n: count() }).from(vacancies).where(where))[0]!.n);

  it('counts exactly what each role may see', async () => {
    const db = testApp.database.db;
    const [firma] = await db
      .select({ organizationId: users.organizationId })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(eq(organizations.name, 'Schwabenwerk Präzisionstechnik GmbH'))
      .limit(1);
    expect((await list('organisationOwn', 'pageSize=1')).total).toBe(
      await countWhere(eq(vacancies.organizationId, firma!.organizationId!)),
    );
    const inRegions = async (regions: Region[]) =>
      Number(
        (
          await db
            .select({ n: count() })
            .from(vacancies)
            .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
            .where(inArray(organizations.region, regions))
        )[0]!.n,
      );
    const partner = await list('partnerInRegion', 'pageSize=1');
    expect(partner.total).toBe(await inRegions(['SINDELFINGEN']));
    // partner.lichtenfels@ has two regions.
    expect((await list('partnerOutOfRegion', 'pageSize=1')).total).toBe(await inRegions(['LICHTENFELS', 'HORB']));
    expect((await list('admin', 'pageSize=1')).total).toBe(await countWhere());
  });

  it('follows a renamed or moved organisation (triggers), in the list, its sort and the partner scope', async () => {
    const db = testApp.database.db;
    const id = await insertOrganization(db, { name: 'Alter Name AG', region: 'LICHTENFELS' });
    const vacancyId = await insertVacancy(db, id, { title: 'Umzugsanzeige' });
    const find = async (actor: ActorName) =>
      (await list(actor, `search=Umzugsanzeige&pageSize=100`)).items.find((item) => item.id === vacancyId);
    expect((await find('admin'))?.organizationName).toBe('Alter Name AG');
    expect(await find('partnerOutOfRegion')).toBeDefined();
    expect(await find('partnerInRegion')).toBeUndefined();

    // Renamed and moved through the API the administration uses (the profile as read, two fields changed).
    const current = await testApp.app.inject({
      method: 'GET',
      url: `/rest/organization/${id}`,
      headers: headers.admin,
    });
    expect(current.statusCode).toBe(200);
    const saved = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/organization/${id}`,
      headers: headers.admin,
      payload: { ...current.json<Record<string, unknown>>(), name: '0000 Neuer Name AG', region: 'SINDELFINGEN' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await find('admin'))?.organizationName).toBe('0000 Neuer Name AG');
    expect(await find('partnerOutOfRegion')).toBeUndefined();
    expect((await find('partnerInRegion'))?.organizationName).toBe('0000 Neuer Name AG');
    const [copied] = await db
      .select({ name: vacancies.organizationName, region: vacancies.organizationRegion })
      .from(vacancies)
      .where(and(eq(vacancies.id, vacancyId)));
    expect(copied).toEqual({ name: '0000 Neuer Name AG', region: 'SINDELFINGEN' });
    // Sorted by organisation name it now comes first.
    expect((await list('admin', 'pageSize=1')).items[0]!.id).toBe(vacancyId);

    // A posting moved to another organisation takes that one's name; a written copy is corrected.
    const other = await insertOrganization(db, { name: 'Dritte GmbH', region: 'HORB' });
    await db.update(vacancies).set({ organizationId: other }).where(eq(vacancies.id, vacancyId));
    await db.update(vacancies).set({ organizationName: 'falsch' }).where(eq(vacancies.id, vacancyId));
    expect((await find('admin'))?.organizationName).toBe('Dritte GmbH');
  });
});
