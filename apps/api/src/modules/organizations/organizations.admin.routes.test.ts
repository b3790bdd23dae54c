import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, matchings, organizations, users } from '../../db/schema/index';
import { actorHeaders, type ActorName, createTestUser, bearer, createSessionToken } from '../../testing/actors';
import { insertOrganization, insertVacancy } from '../../testing/fixtures';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { createApprovalDigestService } from './approval-digest';
import { createApprovalQueueRepository } from './approval-queue.repository';
import { RELEASED_MAIL_SUBJECT } from './released-mail';

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
beforeAll(async () => {
  testApp = await createTestApp();
  headers = await actorHeaders(testApp);
});
afterAll(async () => {
  await testApp?.close();
});

interface ListItem {
  id: string;
  name: string;
  region: string;
  city: string | null;
  active: boolean;
  member: boolean;
  waiting: boolean;
  activeVacancies: number;
  vacancies: number;
  users: number;
  openMatchings: number;
  lastSignInAt: string | null;
}
interface ListPage {
  items: ListItem[];
  total: number;
}

async function list(actor: ActorName, query: string) {
  return testApp.app.inject({ method: 'GET', url: `/rest/organization/?${query}`, headers: headers[actor] });
}

async function page(actor: ActorName, query: string): Promise<ListPage> {
  const response = await list(actor, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListPage>();
}

function send(actor: ActorName, method: 'POST' | 'PUT', url: string, payload?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: { ...headers[actor], origin: TEST_ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

describe('GET /rest/organization/ (administration list)', () => {
  // Five organisations named "Listtest …" in VALLENDAR with known counts.
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const db = testApp.database.db;
    for (const [name, city] of [
      ['Listtest Anker', 'Vallendar'],
      ['Listtest Birke', 'Koblenz'],
      ['Listtest Cedar', 'Bendorf'],
      ['Listtest Dachs', null],
      ['Listtest 100%_Sicher', 'Urbar'],
    ] as const) {
      ids[name] = await insertOrganization(db, { name, region: 'VALLENDAR' });
      await db
        .update(organizations)
        .set({ city, approvedAt: new Date(), member: name === 'Listtest Birke' })
        .where(eq(organizations.id, ids[name]));
    }
    // Birke: 3 postings (2 active), 2 open matchings + 1 decided, 2 users (one signed in).
    const birke = ids['Listtest Birke']!;
    const active1 = await insertVacancy(db, birke, { title: 'B1', active: true });
    await insertVacancy(db, birke, { title: 'B2', active: true });
    await insertVacancy(db, birke, { title: 'B3', active: false });
    for (const state of ['OPEN', 'OPEN', 'ACCEPTED'] as const) {
      const candidate = await createTestUser(testApp, { type: 'APPLICANT' });
      await db.insert(matchings).values({ vacancyId: active1, applicantId: candidate.id, state });
    }
    const signedIn = await createTestUser(testApp, {
      type: 'ORGANIZATION',
      email: 'birke-chefin@listtest.example',
      organization: birke,
    });
    await createTestUser(testApp, { type: 'ORGANIZATION', organization: birke });
    await db
      .update(users)
      .set({ lastSignInAt: new Date('2026-03-04T10:00:00Z') })
      .where(eq(users.id, signedIn.id));
    // Cedar: inactive, 1 posting.
    await db.update(organizations).set({ active: false }).where(eq(organizations.id, ids['Listtest Cedar']!));
    await insertVacancy(db, ids['Listtest Cedar']!, { title: 'C1' });
  });

  it('answers every column, computed for the page, and the total', async () => {
    const result = await page('admin', 'search=Listtest&sort=name&pageSize=10');
    expect(result.total).toBe(5);
    expect(result.items.map((item) => item.name)).toEqual([
      'Listtest 100%_Sicher',
      'Listtest Anker',
      'Listtest Birke',
      'Listtest Cedar',
      'Listtest Dachs',
    ]);
    expect(result.items.find((item) => item.name === 'Listtest Birke')).toMatchObject({
      region: 'VALLENDAR',
      city: 'Koblenz',
      active: true,
      member: true,
      waiting: false,
      activeVacancies: 2,
      vacancies: 3,
      users: 2,
      openMatchings: 2,
      lastSignInAt: '2026-03-04T10:00:00.000Z',
    });
    expect(result.items.find((item) => item.name === 'Listtest Dachs')).toMatchObject({
      vacancies: 0,
      users: 0,
      openMatchings: 0,
      lastSignInAt: null,
      city: null,
    });
  });

  it('pages and sorts on the server (name, city, computed counts, last sign-in)', async () => {
    const first = await page('admin', 'search=Listtest&sort=name&order=desc&pageSize=2&page=0');
    const second = await page('admin', 'search=Listtest&sort=name&order=desc&pageSize=2&page=1');
    expect([first.total, second.total]).toEqual([5, 5]);
    // Behind the last match: no rows, and still the total (counted apart, as the page has none to count).
    const behind = await page('admin', 'search=Listtest&sort=name&pageSize=2&page=4');
    expect([behind.items, behind.total]).toEqual([[], 5]);
    expect([...first.items, ...second.items].map((item) => item.name)).toEqual([
      'Listtest Dachs',
      'Listtest Cedar',
      'Listtest Birke',
      'Listtest Anker',
    ]);
    expect((await page('admin', 'search=Listtest&sort=city')).items.map((item) => item.city)).toEqual([
      'Bendorf',
      'Koblenz',
      'Urbar',
      'Vallendar',
      null,
    ]);
    expect(
      (await page('admin', 'search=Listtest&sort=vacancies&order=desc')).items.slice(0, 2).map((item) => item.name),
    ).toEqual(['Listtest Birke', 'Listtest Cedar']);
    expect((await page('admin', 'search=Listtest&sort=openMatchings&order=desc')).items[0]?.name).toBe(
      'Listtest Birke',
    );
    // Without a search too: the total of every organisation, also behind the last page.
    const all = (await page('admin', 'pageSize=1')).total;
    expect((await page('admin', 'sort=openMatchings&order=desc&pageSize=1')).total).toBe(all);
    const behindAll = await page('admin', `sort=openMatchings&pageSize=1&page=${all}`);
    expect([behindAll.items, behindAll.total]).toEqual([[], all]);
    // Never signed in comes last in both directions.
    expect((await page('admin', 'search=Listtest&sort=lastSignInAt&order=asc')).items[0]?.name).toBe('Listtest Birke');
    expect((await page('admin', 'search=Listtest&sort=lastSignInAt&order=desc')).items[0]?.name).toBe('Listtest Birke');
  });

  it('filters by active, member, region and searches name, place and user e-mail; LIKE wildcards are literal', async () => {
    expect((await page('admin', 'search=Listtest&active=false')).items.map((item) => item.name)).toEqual([
      'Listtest Cedar',
    ]);
    expect((await page('admin', 'search=Listtest&member=true')).items.map((item) => item.name)).toEqual([
      'Listtest Birke',
    ]);
    expect((await page('admin', 'search=Listtest&region=HORB')).total).toBe(0);
    expect((await page('admin', 'search=Listtest&region=VALLENDAR')).total).toBe(5);
    expect((await page('admin', 'search=bendorf')).items.map((item) => item.name)).toEqual(['Listtest Cedar']);
    expect((await page('admin', 'search=BIRKE-CHEFIN@listtest')).items.map((item) => item.name)).toEqual([
      'Listtest Birke',
    ]);
    expect((await page('admin', 'search=100%25_')).items.map((item) => item.name)).toEqual(['Listtest 100%_Sicher']);
    expect((await page('admin', 'search=Listtest %25')).total).toBe(0);
  });

  it('partners see only their regions; a foreign region filter is refused with 403', async () => {
    expect((await page('partnerInRegion', 'search=Listtest')).total).toBe(0);
    const refused = await list('partnerInRegion', 'region=VALLENDAR');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      fieldErrors: { region: 'Sie können Unternehmen nur in Ihren eigenen Regionen anlegen.' },
    });
    const own = await page('partnerInRegion', 'region=SINDELFINGEN&pageSize=100');
    expect(own.items.every((item) => item.region === 'SINDELFINGEN')).toBe(true);
    expect((await list('admin', 'active=vielleicht')).statusCode).toBe(400);
  });
});

describe('POST /rest/organization/', () => {
  const input = (overrides: Record<string, unknown> = {}) => ({
    name: 'Neugründung Sindelfingen GmbH',
    region: 'SINDELFINGEN',
    city: 'Sindelfingen',
    links: {},
    ...overrides,
  });

  it('a partner creates in its region: released at once, audited; answers 201 with ETag', async () => {
    const response = await send('partnerInRegion', 'POST', '/rest/organization/', input());
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers.etag).toBe('"1"');
    const created = response.json<{
      id: string;
      active: boolean;
      approvedAt: string | null;
      waitingForApproval: boolean;
      city: string;
    }>();
    expect(created).toMatchObject({ active: true, waitingForApproval: false, city: 'Sindelfingen' });
    expect(created.approvedAt).not.toBeNull();
    const entries = await testApp.database.db.select().from(auditLog).where(eq(auditLog.organizationId, created.id));
    expect(entries.map((entry) => [entry.action, entry.actorEmail, entry.regions])).toEqual([
      ['organization.created', 'partner@matchwerk.example', ['SINDELFINGEN']],
    ]);
  });

  it('a partner gets a German field error for a foreign region; nothing is created', async () => {
    const response = await send(
      'partnerInRegion',
      'POST',
      '/rest/organization/',
      input({ name: 'Fremdregion GmbH', region: 'LICHTENFELS' }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      fieldErrors: { region: 'Sie können Unternehmen nur in Ihren eigenen Regionen anlegen.' },
    });
    expect(
      await testApp.database.db.select().from(organizations).where(eq(organizations.name, 'Fremdregion GmbH')),
    ).toEqual([]);
  });

  it('an admin creates anywhere with a first user who gets the invitation mail', async () => {
    const response = await send(
      'admin',
      'POST',
      '/rest/organization/',
      input({
        name: 'Obermain Neu GmbH',
        region: 'LICHTENFELS',
        firstUser: { email: 'Erste.Nutzerin@obermain.example', name: 'Erna Erst' },
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const mail = testApp.mailer.lastTo('erste.nutzerin@obermain.example');
    expect(mail?.text).toContain('Obermain Neu GmbH');
    expect(testApp.linksTo('erste.nutzerin@obermain.example').some((link) => link.includes('mode=invite'))).toBe(true);
  });

  it('a first user whose address has an account fails the whole create with a field error', async () => {
    const response = await send(
      'admin',
      'POST',
      '/rest/organization/',
      input({ name: 'Doppelt GmbH', firstUser: { email: 'firma@matchwerk.example', name: 'Schon Da' } }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors['firstUser.email']).toMatch(
      /bereits ein Konto/,
    );
    expect(
      await testApp.database.db.select().from(organizations).where(eq(organizations.name, 'Doppelt GmbH')),
    ).toEqual([]);
  });

  it('validates the input with German messages', async () => {
    const response = await send(
      'admin',
      'POST',
      '/rest/organization/',
      input({ city: 'x'.repeat(101), firstUser: { email: 'kaputt', name: '' } }),
    );
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toMatch(/höchstens 100 Zeichen|gültige E-Mail/);
  });
});

describe('toggles and the approval queue', () => {
  it('deactivating hides the postings from candidates at once; reactivating shows them again; each toggle is audited and bumps the version', async () => {
    const db = testApp.database.db;
    const id = await insertOrganization(db, { name: 'Schalter GmbH', region: 'SINDELFINGEN' });
    await db.update(organizations).set({ approvedAt: new Date() }).where(eq(organizations.id, id));
    await insertVacancy(db, id, { title: 'Schalterlehre Unikat', active: true });
    const visible = async () =>
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/rest/applicant/vacancies?search=Schalterlehre%20Unikat',
          headers: headers.applicant,
        })
      ).json<{ total: number }>().total;
    expect(await visible()).toBe(1);

    const off = await send('partnerInRegion', 'PUT', `/rest/organization/${id}/toggle-active`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false, version: 2 });
    expect(off.headers.etag).toBe('"2"');
    expect(await visible()).toBe(0);

    const on = await send('admin', 'PUT', `/rest/organization/${id}/toggle-active`);
    expect(on.json()).toMatchObject({ active: true, version: 3 });
    expect(await visible()).toBe(1);

    const member = await send('partnerInRegion', 'PUT', `/rest/organization/${id}/toggle-member`);
    expect(member.json()).toMatchObject({ member: true, version: 4 });
    const actions = await db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.organizationId, id));
    expect(actions.map((entry) => entry.action)).toEqual([
      'organization.deactivated',
      'organization.activated',
      'organization.member_set',
    ]);
    expect(actions[0]).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it('partners of other regions get 404, organisation users 403', async () => {
    const id = await insertOrganization(testApp.database.db, { name: 'Fremd GmbH', region: 'SINDELFINGEN' });
    expect((await send('partnerOutOfRegion', 'PUT', `/rest/organization/${id}/toggle-active`)).statusCode).toBe(404);
    expect((await send('organisationOwn', 'PUT', `/rest/organization/${id}/toggle-member`)).statusCode).toBe(403);
  });

  it('a self sign-up waits (inactive, „Neu“), its users see that, the partner gets the daily mail, activating releases it', async () => {
    const signup = await testApp.app.inject({
      method: 'POST',
      url: '/rest/organization/signup',
      headers: { origin: TEST_ORIGIN },
      payload: {
        companyName: 'Wartend Werkzeugbau GmbH',
        userName: 'Wanda Wartend',
        email: 'wanda@wartend.example',
        password: 'Ein-langes-Test-Passwort-42',
        region: 'SINDELFINGEN',
        termsAndConditionsChecked: true,
      },
    });
    expect(signup.statusCode).toBe(200);
    const mailService = createApprovalDigestService({
      repository: createApprovalQueueRepository(testApp.database.db),
      mailer: testApp.mailer,
      publicUrl: 'http://localhost:3000',
      supportEmail: 'support@matchwerk.example',
    });
    // The partner's newest mail after a run (the demo data may have its own waiting organisation).
    const partnerMailAfterRun = async () => {
      const previous = testApp.mailer.lastTo('partner@matchwerk.example');
      await mailService.run();
      const latest = testApp.mailer.lastTo('partner@matchwerk.example');
      return latest === previous ? null : latest;
    };
    // Unconfirmed: unproven, not listed for partners and not mailed.
    expect((await partnerMailAfterRun())?.text ?? '').not.toContain('Wartend Werkzeugbau GmbH');

    const verify = await testApp.app.inject({
      method: 'GET',
      url: `/rest/auth/verify-email?token=${encodeURIComponent(testApp.tokenFrom('wanda@wartend.example', 'verifyEmail'))}`,
    });
    expect(verify.statusCode).toBe(200);
    const queue = await page('partnerInRegion', 'status=waiting&search=Wartend Werkzeugbau');
    expect(queue.items.map((item) => [item.name, item.waiting, item.active])).toEqual([
      ['Wartend Werkzeugbau GmbH', true, false],
    ]);
    const id = queue.items[0]!.id;
    expect(
      (await page('partnerInRegion', 'status=waiting&pageSize=100')).items.every(
        (item) => item.waiting && !item.active,
      ),
    ).toBe(true);

    const userId = await testApp.userIdOf('wanda@wartend.example');
    await testApp.database.db.update(users).set({ privacyStatementSignedAt: new Date() }).where(eq(users.id, userId));
    const wanda = bearer(await createSessionToken(testApp, userId));
    const me = await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: wanda });
    expect(me.json()).toMatchObject({ organization: { id, active: false, waitingForApproval: true } });

    const mail = await partnerMailAfterRun();
    expect(mail?.subject).toMatch(/^Matchwerk: \d+ Unternehmen warte[nt]? auf Freischaltung$/);
    expect(mail?.text).toContain('Wartend Werkzeugbau GmbH');
    expect(mail?.text).toContain(`http://localhost:3000/#/organization/${id}`);
    // Other regions' partners are not told about it.
    expect(testApp.mailer.lastTo('partner.lichtenfels@matchwerk.example')?.text ?? '').not.toContain(
      'Wartend Werkzeugbau GmbH',
    );

    expect(testApp.mailer.lastTo('wanda@wartend.example')?.subject).not.toBe(RELEASED_MAIL_SUBJECT);
    const released = await send('partnerInRegion', 'PUT', `/rest/organization/${id}/toggle-active`);
    expect(released.json()).toMatchObject({ active: true, waitingForApproval: false });
    // The company hears it (issue 48 item 3): its confirmed user gets the German release mail.
    const releaseMail = testApp.mailer.lastTo('wanda@wartend.example');
    expect(releaseMail?.subject).toBe(RELEASED_MAIL_SUBJECT);
    expect(releaseMail?.text).toContain('Wartend Werkzeugbau GmbH');
    expect(releaseMail?.text).toContain('http://localhost:3000/#/vacancies');
    const mailsToWanda = testApp.mailer.sent.filter((sent) => sent.to === 'wanda@wartend.example').length;
    expect(released.json<{ approvedAt: string | null }>().approvedAt).not.toBeNull();
    const audit = await testApp.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, id)));
    expect(audit.map((entry) => entry.action)).toEqual(['organization.activated', 'organization.approved']);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: wanda })).json(),
    ).toMatchObject({ organization: { active: true, waitingForApproval: false } });
    expect((await page('partnerInRegion', 'status=waiting&search=Wartend Werkzeugbau')).total).toBe(0);
    expect((await partnerMailAfterRun())?.text ?? '').not.toContain('Wartend Werkzeugbau GmbH');

    // Deactivated later: inactive but not waiting; its users still sign in and are told.
    await send('admin', 'PUT', `/rest/organization/${id}/toggle-active`);
    // Activating it again is no release: no second mail.
    await send('admin', 'PUT', `/rest/organization/${id}/toggle-active`);
    expect(testApp.mailer.sent.filter((sent) => sent.to === 'wanda@wartend.example')).toHaveLength(mailsToWanda);
    await send('admin', 'PUT', `/rest/organization/${id}/toggle-active`);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: wanda })).json(),
    ).toMatchObject({ organization: { active: false, waitingForApproval: false } });
  });
});

describe('audit of updates and deletes', () => {
  it('records an update, a region change as its own entry, and the delete', async () => {
    const db = testApp.database.db;
    const id = await insertOrganization(db, { name: 'Umzug GmbH', region: 'SINDELFINGEN' });
    const updated = await send('admin', 'PUT', `/rest/organization/${id}`, {
      name: 'Umzug GmbH',
      region: 'HORB',
      city: 'Horb',
      links: {},
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: `/rest/organization/${id}`,
      headers: { ...headers.admin, origin: TEST_ORIGIN },
    });
    expect(deleted.statusCode).toBe(204);
    const entries = await db.select().from(auditLog).where(eq(auditLog.organizationId, id));
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['organization.region_changed', { region: 'SINDELFINGEN' }, { region: 'HORB' }],
      ['organization.updated', { city: null }, { city: 'Horb' }],
      ['organization.deleted', expect.objectContaining({ name: 'Umzug GmbH', region: 'HORB' }), null],
    ]);
    expect(entries[0]?.regions).toEqual(['SINDELFINGEN', 'HORB']);
  });
});

describe('GET /rest/vacancy?organizationId= (postings on the organisation screen)', () => {
  it("lists only that organisation's postings, within what the caller may see", async () => {
    const db = testApp.database.db;
    const id = await insertOrganization(db, { name: 'Anzeigen GmbH', region: 'SINDELFINGEN' });
    await insertVacancy(db, id, { title: 'Anzeige Eins', active: true });
    await insertVacancy(db, id, { title: 'Anzeige Zwei' });
    const titles = async (actor: ActorName) =>
      (
        await testApp.app.inject({
          method: 'GET',
          url: `/rest/vacancy?organizationId=${id}&sort=title`,
          headers: headers[actor],
        })
      )
        .json<{ items: { title: string }[] }>()
        .items.map((item) => item.title);
    expect(await titles('partnerInRegion')).toEqual(['Anzeige Eins', 'Anzeige Zwei']);
    expect(await titles('admin')).toEqual(['Anzeige Eins', 'Anzeige Zwei']);
    expect(await titles('partnerOutOfRegion')).toEqual([]);
    expect(await titles('organisationOther')).toEqual([]);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/rest/vacancy?organizationId=kaputt', headers: headers.admin }))
        .statusCode,
    ).toBe(400);
  });
});

describe('approval digest mail', () => {
  it('sends nothing when nothing waits', async () => {
    const sent: string[] = [];
    const service = createApprovalDigestService({
      repository: {
        listWaiting: () => Promise.resolve([]),
        listRecipients: () =>
          Promise.resolve([{ email: 'p@x.example', name: 'P', type: 'REGIONAL_PARTNER', regions: ['HORB'] }]),
      },
      mailer: { send: (message) => Promise.resolve(void sent.push(message.to)) },
      publicUrl: 'http://localhost:3000',
      supportEmail: 'support@matchwerk.example',
    });
    expect(await service.run()).toEqual({ sent: 0 });
    expect(sent).toEqual([]);
  });

  it('admins get what waits in regions without a partner; names are escaped in HTML', async () => {
    const mails: { to: string; html: string }[] = [];
    const service = createApprovalDigestService({
      repository: {
        listWaiting: () =>
          Promise.resolve([
            { id: 'a', name: '<b>Ohne Partner</b>', region: 'BRILON', createdAt: new Date('2026-01-02T10:00:00Z') },
            { id: 'b', name: 'Mit Partner', region: 'HORB', createdAt: new Date('2026-01-03T10:00:00Z') },
          ]),
        listRecipients: () =>
          Promise.resolve([
            { email: 'admin@x.example', name: 'A', type: 'ADMIN', regions: [] },
            { email: 'horb@x.example', name: 'H', type: 'REGIONAL_PARTNER', regions: ['HORB'] },
          ]),
      },
      mailer: { send: (message) => Promise.resolve(void mails.push(message)) },
      publicUrl: 'http://localhost:3000/',
      supportEmail: 'support@matchwerk.example',
    });
    expect(await service.run()).toEqual({ sent: 2 });
    const admin = mails.find((mail) => mail.to === 'admin@x.example')!;
    expect(admin.html).toContain('&lt;b&gt;Ohne Partner');
    expect(admin.html).not.toContain('Mit Partner');
    expect(admin.html).toContain('http://localhost:3000/#/organization/a');
    expect(mails.find((mail) => mail.to === 'horb@x.example')!.html).toContain('Mit Partner');
  });
});
