import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ERROR_MESSAGES,
  formatEuro,
  ORDER_MESSAGES,
  type Order,
  type OrderListResponse,
  type Product,
} from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { fakeAdmin, fakePartner } from '../../../testing/fake-user';
import { apiError, recordRequests, serveApi, sessionHandlers } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { setUpScreenTests } from '../../../testing/screen-test-setup';

/** formatEuro as testing-library reads it (its normaliser turns the no-break space into a space). */
const money = (value: number) => formatEuro(value).replace(/\s/g, ' ');

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'o-1',
    invoiceNumber: '2026-0007',
    organizationId: 'org-1',
    organizationName: 'Schwabenwerk Präzisionstechnik GmbH',
    organizationRegion: 'SINDELFINGEN',
    productId: 'p-1',
    productName: 'Starter 3 Monate / 1 Anzeige',
    durationMonths: 3,
    postingsCount: 1,
    quantity: 2,
    periodStart: '2026-03-01',
    periodEnd: '2026-05-31',
    unitPriceNetCents: 19_900,
    netCents: 39_800,
    vatRatePercent: 19,
    vatCents: 7562,
    grossCents: 47_362,
    status: 'OPEN',
    notes: null,
    createdByEmail: 'admin@matchwerk.example',
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    paidAt: null,
    cancelledAt: null,
    version: 3,
    ...overrides,
  };
}

const product: Product = {
  id: 'p-1',
  name: 'Starter 3 Monate / 1 Anzeige',
  durationMonths: 3,
  postingsCount: 1,
  priceNetCents: 19_900,
  active: true,
  ordered: true,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  version: 1,
};

const zero = { count: 0, netCents: 0, vatCents: 0, grossCents: 0 };

function listOf(items: Order[]): OrderListResponse {
  const open = { count: 1, netCents: 39_800, vatCents: 7562, grossCents: 47_362 };
  return {
    items,
    total: items.length,
    page: 0,
    pageSize: 25,
    sums: { all: open, byStatus: { OPEN: open, PAID: zero, CANCELLED: zero } },
  };
}

/** The orders API as `me` sees it; a status change answers `statusAnswer` (default: changed). */
function serveOrders(me = fakeAdmin(), options: { statusAnswer?: () => Response } = {}) {
  serveApi(
    ...sessionHandlers(me),
    http.get('/rest/orders', () => HttpResponse.json(listOf([order()]))),
    http.get('/rest/products', () => HttpResponse.json({ items: [product] })),
    http.get('/rest/organization/', () => HttpResponse.json({ items: [], total: 0, page: 0, pageSize: 20 })),
    http.put('/rest/orders/o-1/status', async ({ request }) => {
      const body = (await request.json()) as { status: Order['status'] };
      return options.statusAnswer?.() ?? HttpResponse.json(order({ status: body.status, version: 4 }));
    }),
    http.put('/rest/products/p-1', async ({ request }) =>
      HttpResponse.json({ ...product, ...((await request.json()) as object), version: 2 }),
    ),
  );
}

/** Opens the order's row menu on /orders, chooses `action` and confirms it in the dialog it opens. */
async function confirmRowAction(action: string, dialogName: string): Promise<HTMLElement> {
  renderApp('/orders');
  const user = userEvent.setup({ delay: null });
  await user.click(
    await screen.findByRole('button', { name: 'Aktionen für Bestellung 2026-0007' }, { timeout: 30_000 }),
  );
  await user.click(screen.getByRole('menuitem', { name: action }));
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  await user.click(within(dialog).getByRole('button', { name: action }));
  return dialog;
}

setUpScreenTests();

describe('Orders screen', { timeout: 120_000 }, () => {
  it('lists orders with German money, sums per status, and keeps filters in the URL', async () => {
    const requests = recordRequests();
    serveOrders();
    const { router } = renderApp('/orders');
    await screen.findByRole('heading', { level: 1, name: 'Bestellungen' }, { timeout: 30_000 });
    expect(await screen.findByText('2026-0007', {})).toBeTruthy();
    const grid = screen.getByRole('grid', { name: 'Bestellungen' });
    expect(within(grid).getByText(money(473.62))).toBeTruthy();
    expect(within(grid).getByText('01.03.2026 – 31.05.2026')).toBeTruthy();
    expect(within(grid).getByText('offen')).toBeTruthy();
    const sums = screen.getByRole('table', { name: 'Summen der gefilterten Bestellungen' });
    expect(within(sums).getByRole('rowheader', { name: 'Gesamt (1)' })).toBeTruthy();
    expect(within(sums).getAllByText(money(75.62)).length).toBe(2);

    const user = userEvent.setup({ delay: null });
    await user.selectOptions(screen.getByLabelText('Status'), 'PAID');
    await waitFor(() => expect(router.state.location.search).toBe('?status=PAID'));
    await waitFor(() =>
      expect(
        requests.some(
          (request) =>
            request.method === 'GET' &&
            request.path.startsWith('/rest/orders?') &&
            request.path.includes('status=PAID'),
        ),
      ).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'CSV exportieren' }).getAttribute('href')).toBe(
      '/rest/orders/export?sort=createdAt&order=desc&status=PAID',
    );
  });

  it('reads paging, sorting and period from the URL into the request', async () => {
    const requests = recordRequests();
    serveOrders();
    renderApp('/orders?page=2&sort=grossCents&order=asc&from=2026-01-01&to=2026-06-30&search=Schwaben');
    await screen.findByText('2026-0007', {}, { timeout: 30_000 });
    const request = requests.find((entry) => entry.method === 'GET' && entry.path.startsWith('/rest/orders?'))!;
    const query = new URLSearchParams(request.path.split('?')[1]);
    expect(Object.fromEntries(query)).toMatchObject({
      page: '2',
      sort: 'grossCents',
      order: 'asc',
      from: '2026-01-01',
      to: '2026-06-30',
      search: 'Schwaben',
    });
  });

  it('marks an order as paid after confirming, with If-Match of its version', async () => {
    const requests = recordRequests();
    serveOrders();
    await confirmRowAction('Als bezahlt markieren', 'Als bezahlt markieren?');
    await waitFor(() =>
      expect(useUiStore.getState().defaultSnackbarText).toBe('Die Bestellung 2026-0007 ist als bezahlt markiert.'),
    );
    const call = requests.find((entry) => entry.method === 'PUT' && entry.path === '/rest/orders/o-1/status')!;
    await waitFor(() => expect(call.body).toEqual({ status: 'PAID' }));
    expect(call.headers['if-match']).toBe('"3"');
  });

  it('shows the German refusal when a cancelled order cannot change any more', async () => {
    serveOrders(fakeAdmin(), { statusAnswer: () => apiError(409, 'CONFLICT', ORDER_MESSAGES.cancelledFinal) });
    const dialog = await confirmRowAction('Stornieren', 'Bestellung stornieren?');
    expect(await within(dialog).findByText(new RegExp(ORDER_MESSAGES.cancelledFinal.slice(0, 40)))).toBeTruthy();
  });

  it('shows the conflict message when someone else changed the order (412)', async () => {
    serveOrders(fakeAdmin(), {
      statusAnswer: () => apiError(412, 'PRECONDITION_FAILED', ERROR_MESSAGES.PRECONDITION_FAILED),
    });
    const dialog = await confirmRowAction('Als bezahlt markieren', 'Als bezahlt markieren?');
    expect(await within(dialog).findByText(/inzwischen von jemand anderem geändert/)).toBeTruthy();
  });

  it('shows products only to admins', async () => {
    serveOrders(fakePartner('SINDELFINGEN'));
    renderApp('/orders');
    await screen.findByText('2026-0007', {}, { timeout: 30_000 });
    expect(screen.queryByRole('heading', { name: 'Produkte' })).toBeNull();
  });
});

describe('New order dialog', { timeout: 120_000 }, () => {
  it('validates with German messages and shows net, VAT and gross live', async () => {
    serveOrders();
    renderApp('/orders');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Neue Bestellung' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Bestellung' });
    await user.click(within(dialog).getByRole('button', { name: 'Bestellung anlegen' }));
    expect(await within(dialog).findByText('Bitte wählen Sie ein Unternehmen.')).toBeTruthy();
    expect(within(dialog).getByText('Bitte wählen Sie ein Produkt.')).toBeTruthy();
    expect(within(dialog).getByText('Bitte geben Sie den Beginn des Zeitraums an.')).toBeTruthy();
    expect(within(dialog).getByText('Wählen Sie Produkt und Menge, um die Beträge zu sehen.')).toBeTruthy();

    await user.selectOptions(within(dialog).getByLabelText(/^Produkt/), 'p-1');
    const quantity = within(dialog).getByLabelText(/^Menge/);
    await user.clear(quantity);
    await user.type(quantity, '3');
    // 3 × 199,00 € = 597,00 €; 19 % = 113,43 €; 710,43 €
    expect(await within(dialog).findByText(money(597))).toBeTruthy();
    expect(within(dialog).getByText(money(113.43))).toBeTruthy();
    expect(within(dialog).getByText(money(710.43))).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Bestellung anlegen' }));
    expect(await within(dialog).findByText('Die Menge muss mindestens 1 sein.')).toBeTruthy();
  });
});

describe('Product dialog', { timeout: 120_000 }, () => {
  it('reads prices typed in German and refuses a dot as decimal separator', async () => {
    const requests = recordRequests();
    serveOrders();
    renderApp('/orders');
    const user = userEvent.setup({ delay: null });
    await user.click(
      await screen.findByRole('button', { name: 'Starter 3 Monate / 1 Anzeige bearbeiten' }, { timeout: 30_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Produkt bearbeiten' });
    const price = within(dialog).getByLabelText(/^Preis netto/);
    expect((price as HTMLInputElement).value).toBe('199');
    await user.clear(price);
    await user.type(price, '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText(/Bitte trennen Sie Cent mit einem Komma ab/)).toBeTruthy();
    await user.clear(price);
    await user.type(price, '1.250,50 €');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    const put = () => requests.find((entry) => entry.method === 'PUT' && entry.path === '/rest/products/p-1');
    await waitFor(() =>
      expect(put()?.body).toMatchObject({ priceNetCents: 125_050, name: 'Starter 3 Monate / 1 Anzeige', active: true }),
    );
    expect(put()?.headers['if-match']).toBe('"1"');
  });
});
