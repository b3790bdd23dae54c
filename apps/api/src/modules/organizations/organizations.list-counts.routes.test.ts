/**
 * The copies the administration's lists sort by (ADR 0033, migration 0012; ADR 0076, migration
 * 0022), through the public API (PGlite; PostgreSQL with TEST_DATABASE_URL): an organisation's
 * posting counts follow creating, (de)activating and deleting postings and deleting the
 * organisation; its newest sign-in follows a sign-in, a moved and a deleted user; a user's e-mail
 * and name follow an edit; the sorted pages of both lists walk every row once, in order.
 */
import type { UserListResponse } from '@matchwerk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../db/schema/index';
import { actorHeaders, type ActorName, createTestUser, signIn } from '../../testing/actors';
import { insertOrganization, vacancyInput } from '../../testing/fixtures';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
beforeAll(async () => {
  testApp = await createTestApp({ geocoder: { geocode: () => Promise.resolve({ lat: 50.4, lng: 7.6 }) } });
  headers = await actorHeaders(testApp);
});
afterAll(async () => {
  await testApp?.close();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: { ...headers.admin, origin: TEST_ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

interface CountedItem {
  id: string;
  name: string;
  vacancies: number;
  activeVacancies: number;
}

describe('posting counts of the organisations list', () => {
  const REGION = 'BARNIM';
  let anker: string;
  let birke: string;
  let cedar: string;

  beforeAll(async () => {
    const db = testApp.database.db;
    anker = await insertOrganization(db, { name: 'Zähltest Anker', region: REGION });
    birke = await insertOrganization(db, { name: 'Zähltest Birke', region: REGION });
    cedar = await insertOrganization(db, { name: 'Zähltest Cedar', region: REGION });
    await db.update(organizations).set({ approvedAt: new Date() }).where(eq(organizations.region, REGION));
  });

  async function sorted(order: 'asc' | 'desc'): Promise<[string, number, number][]> {
    const response = await call(
      'GET',
      `/rest/organization/?region=${REGION}&search=${encodeURIComponent('Zähltest')}&sort=vacancies&order=${order}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<{ items: CountedItem[] }>()
      .items.map((item) => [item.name, item.vacancies, item.activeVacancies]);
  }

  async function createPosting(organizationId: string): Promise<string> {
    const response = await call(
      'POST',
      `/rest/vacancy/${organizationId}`,
      vacancyInput({ title: 'Ausbildung Zähltest' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ vacancy: { id: string } }>().vacancy.id;
  }

  it('follows creating, activating, deleting postings and deleting an organisation, and sorts by it both ways', async () => {
    expect(await sorted('desc')).toEqual([
      ['Zähltest Anker', 0, 0],
      ['Zähltest Birke', 0, 0],
      ['Zähltest Cedar', 0, 0],
    ]);

    const birkeFirst = await createPosting(birke);
    const birkeSecond = await createPosting(birke);
    await createPosting(anker);
    await createPosting(cedar);
    await createPosting(cedar);
    await createPosting(cedar);
    const activated = await call('PUT', `/rest/vacancy/${birkeFirst}/activate`);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(await sorted('desc')).toEqual([
      ['Zähltest Cedar', 3, 0],
      ['Zähltest Birke', 2, 1],
      ['Zähltest Anker', 1, 0],
    ]);
    expect(await sorted('asc')).toEqual([
      ['Zähltest Anker', 1, 0],
      ['Zähltest Birke', 2, 1],
      ['Zähltest Cedar', 3, 0],
    ]);

    // Equal counts: by name, in both directions.
    expect((await call('DELETE', `/rest/vacancy/${birkeSecond}`)).statusCode).toBe(204);
    const deactivated = await call('PUT', `/rest/vacancy/${birkeFirst}/deactivate`);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(await sorted('desc')).toEqual([
      ['Zähltest Cedar', 3, 0],
      ['Zähltest Anker', 1, 0],
      ['Zähltest Birke', 1, 0],
    ]);

    // Deleting an organisation deletes its postings; the others keep their counts.
    expect((await call('DELETE', `/rest/organization/${cedar}`)).statusCode).toBe(204);
    expect(await sorted('desc')).toEqual([
      ['Zähltest Anker', 1, 0],
      ['Zähltest Birke', 1, 0],
    ]);
  });
});

describe('newest sign-in of the organisations list', () => {
  const REGION = 'BIRKENFELD';

  async function sorted(order: 'asc' | 'desc'): Promise<[string, string | null][]> {
    const response = await call(
      'GET',
      `/rest/organization/?region=${REGION}&search=${encodeURIComponent('Anmeldetest')}&sort=lastSignInAt&order=${order}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<{ items: { name: string; lastSignInAt: string | null }[] }>()
      .items.map((item) => [item.name, item.lastSignInAt]);
  }

  it('follows a sign-in, a moved and a deleted user; never signed in comes last both ways', async () => {
    const db = testApp.database.db;
    const [ahorn, buche, linde] = await Promise.all(
      ['Anmeldetest Ahorn', 'Anmeldetest Buche', 'Anmeldetest Linde'].map((name) =>
        insertOrganization(db, { name, region: REGION }),
      ),
    );
    await db.update(organizations).set({ approvedAt: new Date() }).where(eq(organizations.region, REGION));
    const anna = await createTestUser(testApp, {
      type: 'ORGANIZATION',
      organization: ahorn!,
      email: 'anna@anmeldetest.example',
    });
    const bernd = await createTestUser(testApp, {
      type: 'ORGANIZATION',
      organization: buche!,
      email: 'bernd@anmeldetest.example',
    });
    await createTestUser(testApp, { type: 'ORGANIZATION', organization: buche!, email: 'berta@anmeldetest.example' });
    expect(await sorted('desc')).toEqual([
      ['Anmeldetest Ahorn', null],
      ['Anmeldetest Buche', null],
      ['Anmeldetest Linde', null],
    ]);

    const march = new Date('2026-03-02T08:00:00Z');
    await db.update(users).set({ lastSignInAt: march }).where(eq(users.id, bernd.id));
    const signedIn = await signIn(testApp, anna.email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const [annaRow] = await db.select({ at: users.lastSignInAt }).from(users).where(eq(users.id, anna.id));
    const annaAt = annaRow!.at!.toISOString();
    expect(await sorted('desc')).toEqual([
      ['Anmeldetest Ahorn', annaAt],
      ['Anmeldetest Buche', march.toISOString()],
      ['Anmeldetest Linde', null],
    ]);
    expect(await sorted('asc')).toEqual([
      ['Anmeldetest Buche', march.toISOString()],
      ['Anmeldetest Ahorn', annaAt],
      ['Anmeldetest Linde', null],
    ]);

    // Bernd moves to Linde: Buche's other user never signed in.
    const moved = await call('PUT', `/rest/users/${bernd.id}`, {
      type: 'ORGANIZATION',
      email: bernd.email,
      name: 'Bernd Baum',
      organization: linde,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await sorted('desc')).toEqual([
      ['Anmeldetest Ahorn', annaAt],
      ['Anmeldetest Linde', march.toISOString()],
      ['Anmeldetest Buche', null],
    ]);

    expect((await call('DELETE', `/rest/users/${anna.id}`)).statusCode).toBe(204);
    expect(await sorted('desc')).toEqual([
      ['Anmeldetest Linde', march.toISOString()],
      ['Anmeldetest Ahorn', null],
      ['Anmeldetest Buche', null],
    ]);
  });
});

describe('users list sorted and paged from the copies on the users row', () => {
  const DOMAIN = 'seitentest.example';

  async function allPages(query: string): Promise<{ email: string; name: string }[]> {
    const items: { email: string; name: string }[] = [];
    for (let page = 0; ; page++) {
      const response = await call('GET', `/rest/users/?search=${DOMAIN}&pageSize=3&page=${page}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<UserListResponse>();
      items.push(...body.items.map((item) => ({ email: item.email, name: item.name })));
      if (items.length >= body.total) return items;
    }
  }

  it('walks every user once in the order of name, then e-mail; an edited name and e-mail move the user', async () => {
    const organizationId = await insertOrganization(testApp.database.db, { name: 'Seitentest GmbH', region: 'BARNIM' });
    const names = [
      'Paula Pohl',
      'Anton Arndt',
      'Paula Pohl',
      'Zora Zink',
      'Moritz Maier',
      'Anton Arndt',
      'Berta Brandt',
    ];
    const created = [];
    for (const [index, name] of names.entries()) {
      created.push(
        await createTestUser(testApp, {
          type: 'ORGANIZATION',
          organization: organizationId,
          name,
          email: `person-${index}@${DOMAIN}`,
        }),
      );
    }
    const expected = (list: { email: string; name: string }[]) =>
      [...list].sort((a, b) => (a.name === b.name ? (a.email < b.email ? -1 : 1) : a.name < b.name ? -1 : 1));
    const people = names.map((name, index) => ({ name, email: `person-${index}@${DOMAIN}` }));
    expect(await allPages('sort=name')).toEqual(expected(people));
    expect(await allPages('sort=name&order=desc')).toEqual(expected(people).reverse());
    expect((await allPages('sort=email&order=desc')).map((item) => item.email)).toEqual(
      people
        .map((person) => person.email)
        .sort()
        .reverse(),
    );

    const zora = created[3]!;
    const edited = await call('PUT', `/rest/users/${zora.id}`, {
      type: 'ORGANIZATION',
      email: `aaa-zora@${DOMAIN}`,
      name: 'Aaron Zink',
      organization: organizationId,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    people[3] = { name: 'Aaron Zink', email: `aaa-zora@${DOMAIN}` };
    expect(await allPages('sort=name')).toEqual(expected(people));
    expect((await allPages('sort=email'))[0]).toEqual(people[3]);
  });
});
