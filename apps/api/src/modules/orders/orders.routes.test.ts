import type { Order, OrderListResponse, Product } from '@matchwerk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders } from '../../db/schema/index';
import { actorHeaders, type ActorName } from '../../testing/actors';
import { insertOrganization } from '../../testing/fixtures';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let product: Product;
let sindelfingenOrgId: string;
let lichtenfelsOrgId: string;

function send(
  actor: ActorName,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  extra: Record<string, string> = {},
) {
  return testApp.app.inject({
    method,
    url,
    headers: { ...headers[actor], origin: TEST_ORIGIN, ...extra },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function createOrder(actor: ActorName, payload: Record<string, unknown>): Promise<Order> {
  const response = await send(actor, 'POST', '/rest/orders', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Order>();
}

async function listOrders(actor: ActorName, query: string): Promise<OrderListResponse> {
  const response = await send(actor, 'GET', `/rest/orders?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderListResponse>();
}

beforeAll(async () => {
  testApp = await createTestApp();
  headers = await actorHeaders(testApp);
  const created = await send('admin', 'POST', '/rest/products', {
    name: 'Testpaket 6 Monate / 2 Anzeigen',
    durationMonths: 6,
    postingsCount: 2,
    priceNetCents: 12_345,
    active: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  product = created.json<Product>();
  sindelfingenOrgId = await insertOrganization(testApp.database.db, {
    name: 'Auftragstest Böblingen GmbH',
    region: 'SINDELFINGEN',
  });
  lichtenfelsOrgId = await insertOrganization(testApp.database.db, {
    name: 'Auftragstest Lichtenfels KG',
    region: 'LICHTENFELS',
  });
});
afterAll(async () => {
  await testApp?.close();
});

describe('products', () => {
  it('refuses invalid input with German field errors', async () => {
    const response = await send('admin', 'POST', '/rest/products', {
      name: ' ',
      durationMonths: 0,
      postingsCount: 1.5,
      priceNetCents: -1,
      active: true,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ fieldErrors: Record<string, string> }>();
    expect(body.fieldErrors).toMatchObject({
      name: 'Bitte geben Sie den Namen des Produkts ein.',
      durationMonths: 'Die Laufzeit muss mindestens 1 Monat betragen.',
      postingsCount: 'Bitte geben Sie die Anzahl der Anzeigen als ganze Zahl ein.',
      priceNetCents: 'Der Preis darf nicht negativ sein.',
    });
  });

  it('are managed by admins only; partners list the active ones', async () => {
    expect(
      (
        await send('partnerInRegion', 'POST', '/rest/products', {
          name: 'X',
          durationMonths: 1,
          postingsCount: 1,
          priceNetCents: 1,
          active: true,
        })
      ).statusCode,
    ).toBe(403);
    const inactive = await send('admin', 'POST', '/rest/products', {
      name: 'Altes Paket',
      durationMonths: 1,
      postingsCount: 1,
      priceNetCents: 100,
      active: false,
    });
    expect(inactive.statusCode).toBe(201);
    const partnerList = (await send('partnerInRegion', 'GET', '/rest/products')).json<{ items: Product[] }>();
    expect(partnerList.items.every((item) => item.active)).toBe(true);
    const adminList = (await send('admin', 'GET', '/rest/products')).json<{ items: Product[] }>();
    expect(adminList.items.map((item) => item.name)).toContain('Altes Paket');
    expect(
      (await send('admin', 'GET', '/rest/products?active=false'))
        .json<{ items: Product[] }>()
        .items.every((item) => !item.active),
    ).toBe(true);
  });

  it('edits with If-Match: a stale version is refused with 412, the change is audited', async () => {
    const created = (
      await send('admin', 'POST', '/rest/products', {
        name: 'Versionstest',
        durationMonths: 2,
        postingsCount: 1,
        priceNetCents: 500,
        active: true,
      })
    ).json<Product>();
    const input = { name: 'Versionstest neu', durationMonths: 2, postingsCount: 1, priceNetCents: 600, active: false };
    const ok = await send('admin', 'PUT', `/rest/products/${created.id}`, input, {
      'if-match': `"${created.version}"`,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers.etag).toBe(`"${created.version + 1}"`);
    expect(ok.json<Product>()).toMatchObject({ name: 'Versionstest neu', priceNetCents: 600, active: false });
    const stale = await send('admin', 'PUT', `/rest/products/${created.id}`, input, {
      'if-match': `"${created.version}"`,
    });
    expect(stale.statusCode).toBe(412);
    expect((await send('admin', 'PUT', `/rest/products/00000000-0000-4000-8000-000000000000`, input)).statusCode).toBe(
      404,
    );
    const entries = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'product'), eq(auditLog.targetId, created.id)));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['product.created', 'product.updated']);
  });
});

describe('creating orders', () => {
  it('freezes price, names and region server-side and computes totals, period end and the invoice number', async () => {
    const order = await createOrder('admin', {
      organizationId: sindelfingenOrgId,
      productId: product.id,
      quantity: 3,
      periodStart: '2026-01-31',
      notes: 'Rahmenvertrag',
      // Ignored: prices and names never come from the client.
      unitPriceNetCents: 1,
      organizationName: 'Falsch',
    });
    expect(order).toMatchObject({
      organizationName: 'Auftragstest Böblingen GmbH',
      organizationRegion: 'SINDELFINGEN',
      productName: 'Testpaket 6 Monate / 2 Anzeigen',
      unitPriceNetCents: 12_345,
      netCents: 37_035,
      vatRatePercent: 19,
      // 37 035 × 0,19 = 7 036,65 → 7 037 (rounded half up)
      vatCents: 7037,
      grossCents: 44_072,
      periodStart: '2026-01-31',
      periodEnd: '2026-07-30',
      status: 'OPEN',
      notes: 'Rahmenvertrag',
      createdByEmail: 'admin@matchwerk.example',
    });
    expect(order.invoiceNumber).toMatch(/^\d{4}-\d{4}$/);
    const [audit] = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, order.id)));
    expect(audit).toMatchObject({
      action: 'order.created',
      organizationId: sindelfingenOrgId,
      regions: ['SINDELFINGEN'],
    });
  });

  it('validates with German messages and answers 404 for unknown organisation or product', async () => {
    const invalid = await send('admin', 'POST', '/rest/orders', {
      organizationId: '',
      productId: product.id,
      quantity: 0,
      periodStart: '31.01.2026',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toMatchObject({
      organizationId: 'Bitte wählen Sie ein Unternehmen.',
      quantity: 'Die Menge muss mindestens 1 sein.',
      periodStart: 'Bitte geben Sie ein gültiges Datum ein.',
    });
    const endBeforeStart = await send('admin', 'POST', '/rest/orders', {
      organizationId: sindelfingenOrgId,
      productId: product.id,
      quantity: 1,
      periodStart: '2026-05-01',
      periodEnd: '2026-04-30',
    });
    expect(endBeforeStart.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      periodEnd: 'Das Ende des Zeitraums darf nicht vor dem Beginn liegen.',
    });
    const unknownOrg = await send('admin', 'POST', '/rest/orders', {
      organizationId: '00000000-0000-4000-8000-000000000000',
      productId: product.id,
      quantity: 1,
      periodStart: '2026-05-01',
    });
    expect(unknownOrg.statusCode).toBe(404);
    const unknownProduct = await send('admin', 'POST', '/rest/orders', {
      organizationId: sindelfingenOrgId,
      productId: 'kein-produkt',
      quantity: 1,
      periodStart: '2026-05-01',
    });
    expect(unknownProduct.statusCode).toBe(404);
    expect((await send('admin', 'PUT', '/rest/orders/kein-auftrag/status', { status: 'PAID' })).statusCode).toBe(404);
  });

  it('refuses an inactive product', async () => {
    const inactive = (
      await send('admin', 'POST', '/rest/products', {
        name: 'Ausgelaufen',
        durationMonths: 1,
        postingsCount: 1,
        priceNetCents: 100,
        active: false,
      })
    ).json<Product>();
    const response = await send('admin', 'POST', '/rest/orders', {
      organizationId: sindelfingenOrgId,
      productId: inactive.id,
      quantity: 1,
      periodStart: '2026-05-01',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors.productId).toContain('deaktiviert');
  });

  it('gives two concurrent orders consecutive, distinct invoice numbers', async () => {
    const payload = {
      organizationId: sindelfingenOrgId,
      productId: product.id,
      quantity: 1,
      periodStart: '2026-06-01',
    };
    const [first, second] = await Promise.all([
      send('admin', 'POST', '/rest/orders', payload),
      send('partnerInRegion', 'POST', '/rest/orders', payload),
    ]);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    const numbers = [first.json<Order>().invoiceNumber, second.json<Order>().invoiceNumber].sort();
    const [year, seq] = numbers[0]!.split('-').map(Number) as [number, number];
    expect(numbers[1]).toBe(`${year}-${String(seq + 1).padStart(4, '0')}`);
  });
});

describe('partners', () => {
  it('order only for organisations of their regions and see only those orders', async () => {
    const foreign = await send('partnerInRegion', 'POST', '/rest/orders', {
      organizationId: lichtenfelsOrgId,
      productId: product.id,
      quantity: 1,
      periodStart: '2026-05-01',
    });
    expect(foreign.statusCode).toBe(404);
    const adminForeign = await createOrder('admin', {
      organizationId: lichtenfelsOrgId,
      productId: product.id,
      quantity: 1,
      periodStart: '2026-05-01',
    });
    const own = await createOrder('partnerInRegion', {
      organizationId: sindelfingenOrgId,
      productId: product.id,
      quantity: 1,
      periodStart: '2026-05-01',
    });
    const page = await listOrders('partnerInRegion', 'pageSize=100');
    expect(page.items.every((item) => item.organizationRegion === 'SINDELFINGEN')).toBe(true);
    expect(page.items.map((item) => item.id)).toContain(own.id);
    expect(page.items.map((item) => item.id)).not.toContain(adminForeign.id);
    // Another region's order answers like an unknown id.
    expect(
      (await send('partnerInRegion', 'PUT', `/rest/orders/${adminForeign.id}/status`, { status: 'PAID' })).statusCode,
    ).toBe(404);
    expect((await send('partnerOutOfRegion', 'GET', '/rest/orders')).statusCode).toBe(403);
    expect((await send('anonymous', 'GET', '/rest/orders')).statusCode).toBe(401);
  });
});

describe('status and edits', () => {
  it('moves OPEN → PAID → CANCELLED and refuses everything else with 409 and a German message', async () => {
    const order = await createOrder('admin', {
      organizationId: sindelfingenOrgId,
      productId: product.id,
      quantity: 1,
      periodStart: '2026-04-01',
    });
    const paid = await send('admin', 'PUT', `/rest/orders/${order.id}/status`, { status: 'PAID' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<Order>().paidAt).not.toBeNull();
    const reopen = await send('admin', 'PUT', `/rest/orders/${order.id}/status`, { status: 'OPEN' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json<{ message: string }>().message).toContain('nicht wieder auf „offen“');
    const edit = await send('admin', 'PUT', `/rest/orders/${order.id}`, { quantity: 2, periodStart: '2026-04-01' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<{ message: string }>().message).toContain('Nur offene Bestellungen');
    const cancelled = await send('admin', 'PUT', `/rest/orders/${order.id}/status`, { status: 'CANCELLED' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Order>().cancelledAt).not.toBeNull();
    const again = await send('admin', 'PUT', `/rest/orders/${order.id}/status`, { status: 'PAID' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toContain('endgültig');
    const invalid = await send('admin', 'PUT', `/rest/orders/${order.id}/status`, { status: 'DONE' });
    expect(invalid.statusCode).toBe(400);
    const actions = await testApp.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, order.id));
    expect(actions.map((row) => row.action).sort()).toEqual([
      'order.created',
      'order.status_changed',
      'order.status_changed',
    ]);
  });

  it('edits an OPEN order with If-Match and recomputes totals and period end', async () => {
    const order = await createOrder('admin', {
      organizationId: sindelfingenOrgId,
      productId: product.id,
      quantity: 1,
      periodStart: '2026-04-01',
    });
    const stale = await send(
      'admin',
      'PUT',
      `/rest/orders/${order.id}`,
      { quantity: 2, periodStart: '2026-05-01' },
      { 'if-match': `"${order.version + 5}"` },
    );
    expect(stale.statusCode).toBe(412);
    const edited = await send(
      'admin',
      'PUT',
      `/rest/orders/${order.id}`,
      { quantity: 2, periodStart: '2026-05-01', notes: 'zwei' },
      { 'if-match': `"${order.version}"` },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Order>()).toMatchObject({
      quantity: 2,
      netCents: 24_690,
      vatCents: 4691,
      grossCents: 29_381,
      periodEnd: '2026-10-31',
      notes: 'zwei',
      invoiceNumber: order.invoiceNumber,
    });
  });
});

describe('list, sums and export', () => {
  it('filters by status and search, pages, and sums over the whole filtered set per status', async () => {
    const organizationId = await insertOrganization(testApp.database.db, {
      name: 'Summenprobe Calw GmbH',
      region: 'SINDELFINGEN',
    });
    const payload = { organizationId, productId: product.id, quantity: 1, periodStart: '2026-03-01' };
    const first = await createOrder('admin', payload);
    await createOrder('admin', { ...payload, quantity: 2 });
    const third = await createOrder('admin', payload);
    await send('admin', 'PUT', `/rest/orders/${first.id}/status`, { status: 'PAID' });
    await send('admin', 'PUT', `/rest/orders/${third.id}/status`, { status: 'CANCELLED' });

    const all = await listOrders('admin', 'search=Summenprobe&pageSize=1&sort=netCents&order=desc');
    expect(all.total).toBe(3);
    expect(all.items).toHaveLength(1);
    expect(all.items[0]!.quantity).toBe(2);
    expect(all.sums.all).toEqual({
      count: 3,
      netCents: 4 * 12_345,
      vatCents: 2346 + 4691 + 2346,
      grossCents: 4 * 12_345 + 2346 + 4691 + 2346,
    });
    expect(all.sums.byStatus).toEqual({
      OPEN: { count: 1, netCents: 24_690, vatCents: 4691, grossCents: 29_381 },
      PAID: { count: 1, netCents: 12_345, vatCents: 2346, grossCents: 14_691 },
      CANCELLED: { count: 1, netCents: 12_345, vatCents: 2346, grossCents: 14_691 },
    });
    const paid = await listOrders('admin', 'search=Summenprobe&status=PAID');
    expect(paid.items.map((item) => item.id)).toEqual([first.id]);
    const byNumber = await listOrders('admin', `search=${first.invoiceNumber}`);
    expect(byNumber.items.map((item) => item.id)).toEqual([first.id]);
    const byOrg = await listOrders('admin', `organizationId=${organizationId}`);
    expect(byOrg.total).toBe(3);
    const badRange = await send('admin', 'GET', '/rest/orders?from=2026-05-01&to=2026-04-01');
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      to: 'Das Ende des Zeitraums darf nicht vor dem Beginn liegen.',
    });
  });

  it('exports every filtered row as CSV for German Excel', async () => {
    const organizationId = await insertOrganization(testApp.database.db, {
      name: 'Exportprobe Herrenberg GmbH',
      region: 'SINDELFINGEN',
    });
    const order = await createOrder('admin', {
      organizationId,
      productId: product.id,
      quantity: 1,
      periodStart: '2026-03-01',
    });
    const response = await send('admin', 'GET', '/rest/orders/export?search=Exportprobe');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="matchwerk-bestellungen-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFRechnungsnr.;Datum;Unternehmen;Region;Produkt;Menge;Zeitraum von;Zeitraum bis;Einzelpreis netto (EUR);Netto (EUR);USt.-Satz (%);USt. (EUR);Brutto (EUR);Status;Bezahlt am;Storniert am;Erstellt von;Notiz',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${order.invoiceNumber};`);
    expect(lines[1]).toContain(
      ';Exportprobe Herrenberg GmbH;Sindelfingen/Böblingen/Calw;Testpaket 6 Monate / 2 Anzeigen;1;01.03.2026;31.08.2026;123,45;123,45;19;23,46;146,91;offen;;;admin@matchwerk.example;',
    );
    expect((await send('partnerOutOfRegion', 'GET', '/rest/orders/export')).statusCode).toBe(403);
  });
});

describe('deleting an organisation', () => {
  it('keeps its orders with the frozen name and region', async () => {
    const organizationId = await insertOrganization(testApp.database.db, { name: 'Geht GmbH', region: 'SINDELFINGEN' });
    const order = await createOrder('admin', {
      organizationId,
      productId: product.id,
      quantity: 1,
      periodStart: '2026-03-01',
    });
    const deleted = await send('admin', 'DELETE', `/rest/organization/${organizationId}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const [row] = await testApp.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      organizationId: null,
      organizationName: 'Geht GmbH',
      organizationRegion: 'SINDELFINGEN',
      invoiceNumber: order.invoiceNumber,
    });
    const page = await listOrders('partnerInRegion', `search=${order.invoiceNumber}`);
    expect(page.items.map((item) => item.organizationName)).toEqual(['Geht GmbH']);
  });
});

describe('Berlin calendar days', () => {
  it('takes invoice year and the date filter from the Berlin day of the order', async () => {
    // 23:30 UTC on New Year's Eve is already 00:30 on 1 January in Berlin.
    const app = await createTestApp({ clock: () => new Date('2030-12-31T23:30:00Z') });
    try {
      const admin = (await actorHeaders(app)).admin;
      const organizationId = await insertOrganization(app.database.db, {
        name: 'Neujahr GmbH',
        region: 'SINDELFINGEN',
      });
      const productResponse = await app.app.inject({
        method: 'POST',
        url: '/rest/products',
        headers: { ...admin, origin: TEST_ORIGIN },
        payload: { name: 'Neujahrspaket', durationMonths: 1, postingsCount: 1, priceNetCents: 1000, active: true },
      });
      const productId = productResponse.json<Product>().id;
      const created = await app.app.inject({
        method: 'POST',
        url: '/rest/orders',
        headers: { ...admin, origin: TEST_ORIGIN },
        payload: { organizationId, productId, quantity: 1, periodStart: '2031-01-01' },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json<Order>().invoiceNumber).toBe('2031-0001');
      const find = async (query: string) =>
        (
          await app.app.inject({ method: 'GET', url: `/rest/orders?search=Neujahr&${query}`, headers: admin })
        ).json<OrderListResponse>().total;
      expect(await find('from=2031-01-01&to=2031-01-01')).toBe(1);
      expect(await find('to=2030-12-31')).toBe(0);
    } finally {
      await app.close();
    }
  });
});
