import type { AuditPage } from '@matchwerk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorHeaders, type ActorName } from '../../testing/actors';
import { insertOrganization } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { recordAudit } from './audit-recorder';

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let ownOrganizationId: string;
let ownUserId: string;
let adminUserId: string;
const goneOrganizationId = '0b5c1c7e-4e0f-4a55-9d3e-6f1d2a3b4c5d';
const goneLichtenfelsId = '1b5c1c7e-4e0f-4a55-9d3e-6f1d2a3b4c5d';
const admin = { userId: 'admin-id', email: 'admin@matchwerk.example' };

beforeAll(async () => {
  testApp = await createTestApp();
  headers = await actorHeaders(testApp);
  const me = await testApp.app.inject({
    method: 'GET',
    url: '/rest/users/current-user',
    headers: headers.organisationOwn,
  });
  ownOrganizationId = me.json<{ organizationId: string }>().organizationId;
  ownUserId = me.json<{ id: string }>().id;
  adminUserId = await testApp.userIdOf('admin@matchwerk.example');
  const db = testApp.database.db;
  // A day far from the demo seed's entries (all in the past), so the filters see only these.
  const at = (minutes: number) => new Date(Date.UTC(2035, 0, 15, 9, minutes));
  const entries: [Date, Parameters<typeof recordAudit>[1]][] = [
    [
      at(0),
      {
        actor: admin,
        action: 'organization.deactivated',
        target: { type: 'organization', id: ownOrganizationId, label: 'Schwabenwerk Präzisionstechnik GmbH' },
        organizationId: ownOrganizationId,
        regions: ['SINDELFINGEN'],
        before: { active: true },
        after: { active: false },
      },
    ],
    [
      at(5),
      {
        actor: null,
        action: 'organization.region_changed',
        target: { type: 'organization', id: ownOrganizationId, label: 'Schwabenwerk Präzisionstechnik GmbH' },
        organizationId: ownOrganizationId,
        regions: ['SINDELFINGEN', 'HORB'],
        before: { region: 'HORB', name: 'Gleich', links: { website: 'a' } },
        after: { region: 'SINDELFINGEN', name: 'Gleich', links: { website: 'b' } },
      },
    ],
    [
      at(10),
      {
        actor: admin,
        action: 'user.disabled',
        target: { type: 'user', id: ownUserId, label: 'firma@matchwerk.example' },
        organizationId: ownOrganizationId,
        regions: ['SINDELFINGEN'],
        before: { disabledAt: null },
        after: { disabledAt: '2026-11-02T09:10:00.000Z' },
      },
    ],
    [
      at(15),
      {
        actor: admin,
        action: 'organization.deleted',
        target: { type: 'organization', id: goneOrganizationId, label: 'Gelöschte GmbH' },
        organizationId: goneOrganizationId,
        regions: ['SINDELFINGEN'],
        before: { name: 'Gelöschte GmbH', region: 'SINDELFINGEN', member: true },
        after: null,
      },
    ],
    [
      at(20),
      {
        actor: admin,
        action: 'organization.deleted',
        target: { type: 'organization', id: goneLichtenfelsId, label: 'Fort GmbH' },
        organizationId: goneLichtenfelsId,
        regions: ['LICHTENFELS'],
        before: { name: 'Fort GmbH' },
        after: null,
      },
    ],
    [
      at(25),
      {
        actor: admin,
        action: 'user.role_changed',
        target: { type: 'user', id: adminUserId, label: 'admin@matchwerk.example' },
        regions: [],
        before: { type: 'REGIONAL_PARTNER', regions: ['HORB'] },
        after: { type: 'ADMIN', regions: [] },
      },
    ],
  ];
  // Written as the recorder writes them, then dated, so the order is known.
  for (const [when, entry] of entries) {
    await recordAudit(db, entry);
    await db.execute(
      `update audit_log set at = '${when.toISOString()}' where at between now() - interval '1 hour' and now() + interval '1 hour'`,
    );
  }
});
afterAll(async () => {
  await testApp?.close();
});

async function get(url: string, actor: ActorName) {
  const response = await testApp.app.inject({ method: 'GET', url, headers: headers[actor] });
  return { status: response.statusCode, body: response.statusCode === 200 ? response.json<AuditPage>() : null };
}

describe('GET /rest/organization/:id/audit', () => {
  it('admin: newest first, German labels, only the fields that changed, "System" for no actor', async () => {
    const { status, body } = await get(`/rest/organization/${ownOrganizationId}/audit`, 'admin');
    expect(status).toBe(200);
    expect(body!.total).toBe(3);
    expect(body!.items.map((item) => item.action)).toEqual([
      'user.disabled',
      'organization.region_changed',
      'organization.deactivated',
    ]);
    const [disabled, regionChanged, deactivated] = body!.items;
    expect(disabled).toMatchObject({
      actorLabel: 'admin@matchwerk.example',
      actionLabel: 'Nutzer deaktiviert',
      at: '2035-01-15T09:10:00.000Z',
    });
    expect(regionChanged).toMatchObject({ actorEmail: null, actorLabel: 'System', actionLabel: 'Region geändert' });
    expect(regionChanged!.changes).toEqual([
      { field: 'region', label: 'Region', before: 'HORB', after: 'SINDELFINGEN' },
      { field: 'links', label: 'Links', before: '{"website":"a"}', after: '{"website":"b"}' },
    ]);
    expect(deactivated!.changes).toEqual([{ field: 'active', label: 'Aktiv', before: true, after: false }]);
    expect(deactivated!.target).toEqual({
      type: 'organization',
      id: ownOrganizationId,
      label: 'Schwabenwerk Präzisionstechnik GmbH',
    });
  });

  it('pages: pageSize 2, second page has the oldest entry', async () => {
    const { body } = await get(`/rest/organization/${ownOrganizationId}/audit?page=1&pageSize=2`, 'admin');
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(body!.items.map((item) => item.action)).toEqual(['organization.deactivated']);
  });

  it('partner of the region sees it; a partner of another region gets 404; organisation users and statistics 403', async () => {
    expect((await get(`/rest/organization/${ownOrganizationId}/audit`, 'partnerInRegion')).body!.total).toBe(3);
    expect((await get(`/rest/organization/${ownOrganizationId}/audit`, 'partnerOutOfRegion')).status).toBe(404);
    expect((await get(`/rest/organization/${ownOrganizationId}/audit`, 'organisationOwn')).status).toBe(403);
    expect((await get(`/rest/organization/${ownOrganizationId}/audit`, 'statistics')).status).toBe(403);
    expect(
      (await testApp.app.inject({ method: 'GET', url: `/rest/organization/${ownOrganizationId}/audit` })).statusCode,
    ).toBe(401);
  });

  it('a deleted organisation: admins and partners of its region still see its entries, others 404', async () => {
    const admins = await get(`/rest/organization/${goneOrganizationId}/audit`, 'admin');
    expect(admins.body!.items).toHaveLength(1);
    expect(admins.body!.items[0]!.changes).toEqual([
      { field: 'name', label: 'Name', before: 'Gelöschte GmbH', after: null },
      { field: 'region', label: 'Region', before: 'SINDELFINGEN', after: null },
      { field: 'member', label: 'Mitglied', before: true, after: null },
    ]);
    expect((await get(`/rest/organization/${goneOrganizationId}/audit`, 'partnerInRegion')).body!.total).toBe(1);
    expect((await get(`/rest/organization/${goneOrganizationId}/audit`, 'partnerOutOfRegion')).status).toBe(404);
    expect((await get(`/rest/organization/${goneLichtenfelsId}/audit`, 'partnerOutOfRegion')).body!.total).toBe(1);
    expect((await get(`/rest/organization/${goneLichtenfelsId}/audit`, 'partnerInRegion')).status).toBe(404);
  });

  it('an organisation without entries: 200 empty; an unknown id or no uuid: 404', async () => {
    const fresh = await insertOrganization(testApp.database.db, { name: 'Frisch GmbH', region: 'SINDELFINGEN' });
    expect((await get(`/rest/organization/${fresh}/audit`, 'partnerInRegion')).body).toEqual({
      items: [],
      total: 0,
      page: 0,
      pageSize: 20,
    });
    expect((await get('/rest/organization/00000000-0000-4000-8000-000000000000/audit', 'admin')).status).toBe(404);
    expect((await get('/rest/organization/kein-uuid/audit', 'admin')).status).toBe(404);
  });
});

describe('GET /rest/users/:userId/audit', () => {
  it("admin and the partner of the user's organisation see changes to the user; others 404/403", async () => {
    const admins = await get(`/rest/users/${ownUserId}/audit`, 'admin');
    expect(admins.body!.items.map((item) => item.action)).toEqual(['user.disabled']);
    expect(admins.body!.items[0]!.changes).toEqual([
      { field: 'disabledAt', label: 'Deaktiviert am', before: null, after: '2026-11-02T09:10:00.000Z' },
    ]);
    expect((await get(`/rest/users/${ownUserId}/audit`, 'partnerInRegion')).body!.total).toBe(1);
    expect((await get(`/rest/users/${ownUserId}/audit`, 'partnerOutOfRegion')).status).toBe(404);
    expect((await get(`/rest/users/${ownUserId}/audit`, 'organisationOwn')).status).toBe(403);
  });

  it("partners never see administrators' history; admins do (list values stay lists)", async () => {
    expect((await get(`/rest/users/${adminUserId}/audit`, 'partnerInRegion')).status).toBe(404);
    const { body } = await get(`/rest/users/${adminUserId}/audit`, 'admin');
    expect(body!.items[0]!.changes).toEqual([
      { field: 'regions', label: 'Regionen', before: ['HORB'], after: [] },
      { field: 'type', label: 'Typ', before: 'REGIONAL_PARTNER', after: 'ADMIN' },
    ]);
    expect((await get('/rest/users/niemand/audit', 'admin')).status).toBe(404);
  });
});

describe('GET /rest/audit', () => {
  it('admin: everything; partner: entries of its regions only', async () => {
    expect((await get('/rest/audit', 'admin')).body!.total).toBeGreaterThanOrEqual(6);
    const sindelfingen = await get('/rest/audit?from=2035-01-15&pageSize=100', 'partnerInRegion');
    expect(
      sindelfingen.body!.items.every(
        (item) => item.organizationId !== goneLichtenfelsId && item.action !== 'user.role_changed',
      ),
    ).toBe(true);
    expect(sindelfingen.body!.items.map((item) => item.target.label)).toContain('Gelöschte GmbH');
    const lichtenfels = await get('/rest/audit?from=2035-01-15&pageSize=100', 'partnerOutOfRegion');
    // LICHTENFELS + HORB: the deleted Lichtenfels organisation and the region change from HORB.
    expect(lichtenfels.body!.items.map((item) => item.action).sort()).toEqual([
      'organization.deleted',
      'organization.region_changed',
    ]);
  });

  it('filters by action and by day; a bad filter is a German 400', async () => {
    const deleted = await get('/rest/audit?action=organization.deleted', 'admin');
    expect(deleted.body!.items.every((item) => item.action === 'organization.deleted')).toBe(true);
    expect(deleted.body!.total).toBeGreaterThanOrEqual(2);
    const day = await get('/rest/audit?from=2035-01-15&to=2035-01-15&pageSize=100', 'admin');
    expect(day.body!.total).toBe(6);
    expect((await get('/rest/audit?from=2035-01-16', 'admin')).body!.total).toBe(0);
    expect(
      (await get('/rest/audit?to=2035-01-14&pageSize=100', 'admin')).body!.items.some((item) =>
        item.at.startsWith('2035'),
      ),
    ).toBe(false);
    const bad = await testApp.app.inject({
      method: 'GET',
      url: '/rest/audit?action=gibt.es.nicht',
      headers: headers.admin,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/[äöüÄÖÜß]|Bitte|Unbekannt|ungültig/i);
  });
});
