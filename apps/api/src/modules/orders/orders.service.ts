/**
 * Orders and products (issue #11, spec §6): admins everything; the partner of SINDELFINGEN
 * orders for organisations of its regions and picks products; everyone else 403. Prices,
 * names and the region are frozen on the order from product and organisation at creation.
 */
import {
  berlinToday,
  canChangeOrderStatus,
  canManageOrganization,
  csvFileName,
  ORDER_MESSAGES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  orderPeriodEnd,
  orderTotals,
  REGION_LABELS,
  toCsv,
  VAT_RATE_PERCENT,
  type CsvColumn,
  type Order,
  type OrderCreate,
  type OrderExportQueryParsed,
  type OrderListQueryParsed,
  type OrderListResponse,
  type OrderStatus,
  type OrderSums,
  type OrderUpdate,
  type Product,
  type ProductInputParsed,
  type ProductListResponse,
} from '@matchwerk/shared';
import { requireActor, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import type { OrderRow, ProductRow } from '../../db/schema/index';
import { AppError } from '../../errors/app-error';
import type { AuditEntry } from '../audit';
import { toOrder, toProduct } from './orders.mapper';
import type { OrderFilter, OrdersRepository } from './orders.repository';

export interface OrdersServiceDeps {
  repository: OrdersRepository;
  clock: () => Date;
}

const berlinDate = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

function germanDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

const euros = (cents: number) => cents / 100;

const CSV_COLUMNS: CsvColumn<OrderRow>[] = [
  { header: 'Rechnungsnr.', value: (row) => row.invoiceNumber },
  { header: 'Datum', value: (row) => berlinDate.format(row.createdAt) },
  { header: 'Unternehmen', value: (row) => row.organizationName },
  { header: 'Region', value: (row) => REGION_LABELS[row.organizationRegion] },
  { header: 'Produkt', value: (row) => row.productName },
  { header: 'Menge', value: (row) => row.quantity },
  { header: 'Zeitraum von', value: (row) => germanDay(row.periodStart) },
  { header: 'Zeitraum bis', value: (row) => germanDay(row.periodEnd) },
  { header: 'Einzelpreis netto (EUR)', value: (row) => euros(row.unitPriceNetCents) },
  { header: 'Netto (EUR)', value: (row) => euros(row.netCents) },
  { header: 'USt.-Satz (%)', value: (row) => row.vatRatePercent },
  { header: 'USt. (EUR)', value: (row) => euros(row.vatCents) },
  { header: 'Brutto (EUR)', value: (row) => euros(row.grossCents) },
  { header: 'Status', value: (row) => ORDER_STATUS_LABELS[row.status] },
  { header: 'Bezahlt am', value: (row) => (row.paidAt ? berlinDate.format(row.paidAt) : null) },
  { header: 'Storniert am', value: (row) => (row.cancelledAt ? berlinDate.format(row.cancelledAt) : null) },
  { header: 'Erstellt von', value: (row) => row.createdByEmail },
  { header: 'Notiz', value: (row) => row.notes },
];

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const EMPTY_SUMS: OrderSums = { count: 0, netCents: 0, vatCents: 0, grossCents: 0 };

function productSnapshot(row: ProductRow): Record<string, unknown> {
  return {
    name: row.name,
    durationMonths: row.durationMonths,
    postingsCount: row.postingsCount,
    priceNetCents: row.priceNetCents,
    active: row.active,
  };
}

function orderSnapshot(row: OrderRow): Record<string, unknown> {
  return {
    status: row.status,
    quantity: row.quantity,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    notes: row.notes,
    netCents: row.netCents,
    grossCents: row.grossCents,
  };
}

function difference(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changed = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    changed,
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

export function createOrdersService(deps: OrdersServiceDeps) {
  const repo = deps.repository;

  /** Admins and the partner of SINDELFINGEN (canAccessArea 'orders'); anonymous 401, others 403. */
  function requireOrdersActor(actor: SessionActor | null): SessionActor {
    return requireActor(actor, { legal: true, area: 'orders' });
  }

  function requireAdmin(actor: SessionActor | null): SessionActor {
    const user = requireOrdersActor(actor);
    if (user.type !== 'ADMIN') throw new AppError('FORBIDDEN');
    return user;
  }

  /** Regions whose orders the actor sees: null = all (admins). */
  function visibleRegions(user: SessionActor): OrderFilter['regions'] {
    return user.type === 'ADMIN' ? null : user.regions;
  }

  function canSeeOrder(user: SessionActor, row: OrderRow): boolean {
    const regions = visibleRegions(user);
    return regions === null || (regions as readonly string[]).includes(row.organizationRegion);
  }

  function auditActor(user: SessionActor): AuditEntry['actor'] {
    return { userId: user.userId, email: user.email };
  }

  function orderEntry(
    user: SessionActor,
    action: AuditEntry['action'],
    row: OrderRow,
    change: Pick<AuditEntry, 'before' | 'after'>,
  ): AuditEntry {
    return {
      actor: auditActor(user),
      action,
      target: { type: 'order', id: row.id, label: `${row.invoiceNumber} · ${row.organizationName}` },
      organizationId: row.organizationId,
      regions: [row.organizationRegion],
      ...change,
    };
  }

  async function loadVisibleOrder(user: SessionActor, id: string): Promise<OrderRow> {
    const row = isUuid(id) ? await repo.findOrder(id) : null;
    // Another region's order answers like an unknown id: ids reveal nothing.
    if (!row || !canSeeOrder(user, row)) throw new AppError('NOT_FOUND');
    return row;
  }

  function filterOf(user: SessionActor, query: OrderExportQueryParsed): OrderFilter {
    return {
      regions: visibleRegions(user),
      status: query.status,
      from: query.from,
      to: query.to,
      // A malformed id cannot match a uuid column; the nil uuid matches nothing instead of a SQL error.
      organizationId:
        query.organizationId === undefined ? undefined : isUuid(query.organizationId) ? query.organizationId : NIL_UUID,
      search: query.search || undefined,
    };
  }

  return {
    async listProducts(actor: SessionActor | null, activeFilter: boolean | undefined): Promise<ProductListResponse> {
      const user = requireOrdersActor(actor);
      // Partners only pick from what can be ordered; admins manage every product.
      const activeOnly = user.type !== 'ADMIN' || activeFilter === true;
      const rows = await repo.listProducts(activeOnly);
      return { items: rows.filter((row) => activeFilter !== false || !row.active).map(toProduct) };
    },

    async createProduct(actor: SessionActor | null, input: ProductInputParsed): Promise<Product> {
      const user = requireAdmin(actor);
      const row = await repo.insertProduct(input, deps.clock(), (created) => ({
        actor: auditActor(user),
        action: 'product.created',
        target: { type: 'product', id: created.id, label: created.name },
        regions: [],
        after: productSnapshot(created),
      }));
      return toProduct({ ...row, ordered: false });
    },

    async updateProduct(
      actor: SessionActor | null,
      id: string,
      input: ProductInputParsed,
      expectedVersions?: readonly number[],
    ): Promise<Product> {
      const user = requireAdmin(actor);
      if (!isUuid(id)) throw new AppError('NOT_FOUND');
      const row = await repo.updateProduct(id, input, deps.clock(), expectedVersions, (before, after) => {
        const change = difference(productSnapshot(before), productSnapshot(after));
        if (change.changed.length === 0) return null;
        return {
          actor: auditActor(user),
          action: 'product.updated',
          target: { type: 'product', id: after.id, label: after.name },
          regions: [],
          before: change.before,
          after: change.after,
        };
      });
      if (row === 'STALE') throw new AppError('PRECONDITION_FAILED');
      if (!row) throw new AppError('NOT_FOUND');
      const stored = await repo.findProduct(row.id);
      return toProduct(stored ?? { ...row, ordered: false });
    },

    async listOrders(actor: SessionActor | null, query: OrderListQueryParsed): Promise<OrderListResponse> {
      const user = requireOrdersActor(actor);
      const filter = filterOf(user, query);
      const [{ rows, total }, sums] = await Promise.all([
        repo.listOrders(
          filter,
          { sort: query.sort, order: query.order },
          { page: query.page, pageSize: query.pageSize },
        ),
        repo.sumsByStatus(filter),
      ]);
      const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, { ...EMPTY_SUMS }])) as Record<
        OrderStatus,
        OrderSums
      >;
      const all = { ...EMPTY_SUMS };
      for (const sum of sums) {
        byStatus[sum.status] = {
          count: sum.count,
          netCents: sum.netCents,
          vatCents: sum.vatCents,
          grossCents: sum.grossCents,
        };
        all.count += sum.count;
        all.netCents += sum.netCents;
        all.vatCents += sum.vatCents;
        all.grossCents += sum.grossCents;
      }
      return { items: rows.map(toOrder), total, page: query.page, pageSize: query.pageSize, sums: { all, byStatus } };
    },

    async exportOrders(
      actor: SessionActor | null,
      query: OrderExportQueryParsed,
    ): Promise<{ fileName: string; csv: string }> {
      const user = requireOrdersActor(actor);
      const rows = await repo.allOrders(filterOf(user, query), { sort: query.sort, order: query.order });
      const range =
        query.from || query.to
          ? [query.from ?? 'anfang', 'bis', query.to ?? berlinToday(deps.clock())]
          : [berlinToday(deps.clock())];
      return { fileName: csvFileName('bestellungen', ...range), csv: toCsv(rows, CSV_COLUMNS) };
    },

    async createOrder(actor: SessionActor | null, input: OrderCreate): Promise<Order> {
      const user = requireOrdersActor(actor);
      const organization = isUuid(input.organizationId) ? await repo.findOrganization(input.organizationId) : null;
      // A foreign organisation answers like an unknown one (404), as in the organisations module.
      if (!organization || !canManageOrganization(user, organization)) {
        throw new AppError('NOT_FOUND', { message: ORDER_MESSAGES.organizationMissing });
      }
      const product = isUuid(input.productId) ? await repo.findProduct(input.productId) : null;
      if (!product) throw new AppError('NOT_FOUND', { message: ORDER_MESSAGES.productMissing });
      if (!product.active) {
        throw new AppError('VALIDATION_FAILED', {
          message: ORDER_MESSAGES.productInactive,
          fieldErrors: { productId: ORDER_MESSAGES.productInactive },
        });
      }
      const now = deps.clock();
      const totals = orderTotals(product.priceNetCents, input.quantity, VAT_RATE_PERCENT);
      const row = await repo.insertOrder(
        {
          organizationId: organization.id,
          organizationName: organization.name,
          organizationRegion: organization.region,
          productId: product.id,
          productName: product.name,
          durationMonths: product.durationMonths,
          postingsCount: product.postingsCount,
          quantity: input.quantity,
          periodStart: input.periodStart,
          periodEnd: input.periodEnd ?? orderPeriodEnd(input.periodStart, product.durationMonths),
          unitPriceNetCents: product.priceNetCents,
          vatRatePercent: VAT_RATE_PERCENT,
          ...totals,
          notes: input.notes,
          createdBy: user.userId,
          createdByEmail: user.email,
          createdAt: now,
        },
        // The invoice year is the order date's year in Berlin (1 Jan 00:30 Berlin is the new year).
        Number(berlinToday(now).slice(0, 4)),
        (created) =>
          orderEntry(user, 'order.created', created, {
            after: {
              invoiceNumber: created.invoiceNumber,
              productName: created.productName,
              ...orderSnapshot(created),
            },
          }),
      );
      return toOrder(row);
    },

    async updateOrder(
      actor: SessionActor | null,
      id: string,
      input: OrderUpdate,
      expectedVersions?: readonly number[],
    ): Promise<Order> {
      const user = requireOrdersActor(actor);
      await loadVisibleOrder(user, id);
      const row = await repo.changeOrder(
        id,
        expectedVersions,
        deps.clock(),
        (current) => {
          if (current.status !== 'OPEN') throw new AppError('CONFLICT', { message: ORDER_MESSAGES.onlyOpenEditable });
          return {
            quantity: input.quantity,
            periodStart: input.periodStart,
            periodEnd: input.periodEnd ?? orderPeriodEnd(input.periodStart, current.durationMonths),
            notes: input.notes,
            ...orderTotals(current.unitPriceNetCents, input.quantity, current.vatRatePercent),
          };
        },
        (before, after) =>
          orderEntry(user, 'order.updated', after, difference(orderSnapshot(before), orderSnapshot(after))),
      );
      if (row === 'STALE') throw new AppError('PRECONDITION_FAILED');
      if (!row) throw new AppError('NOT_FOUND');
      return toOrder(row);
    },

    async changeStatus(
      actor: SessionActor | null,
      id: string,
      status: OrderStatus,
      expectedVersions?: readonly number[],
    ): Promise<Order> {
      const user = requireOrdersActor(actor);
      await loadVisibleOrder(user, id);
      const now = deps.clock();
      const row = await repo.changeOrder(
        id,
        expectedVersions,
        now,
        (current) => {
          if (!canChangeOrderStatus(current.status, status)) {
            const message =
              current.status === 'CANCELLED'
                ? ORDER_MESSAGES.cancelledFinal
                : current.status === status
                  ? status === 'PAID'
                    ? ORDER_MESSAGES.alreadyPaid
                    : ORDER_MESSAGES.sameStatus
                  : ORDER_MESSAGES.paidCannotReopen;
            throw new AppError('CONFLICT', { message });
          }
          return status === 'PAID' ? { status, paidAt: now } : { status, cancelledAt: now };
        },
        (before, after) =>
          orderEntry(user, 'order.status_changed', after, {
            before: { status: before.status },
            after: { status: after.status },
          }),
      );
      if (row === 'STALE') throw new AppError('PRECONDITION_FAILED');
      if (!row) throw new AppError('NOT_FOUND');
      return toOrder(row);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
