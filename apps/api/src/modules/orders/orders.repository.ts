/**
 * Products, orders and the per-year invoice counter. Every write runs in one transaction with
 * its audit entries; an order takes its invoice number from `invoice_counters` in its own
 * insert transaction, so a rolled-back order never leaves a gap and two concurrent orders wait
 * for each other on the counter row instead of getting the same number.
 */
import { germanSearchTerms, type OrderSortField, type OrderStatus, type Region } from '@matchwerk/shared';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  invoiceCounters,
  orders,
  organizations,
  products,
  type OrderRow,
  type ProductRow,
} from '../../db/schema/index';
import { recordAudit, type AuditEntry } from '../audit';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type ProductValues = Pick<ProductRow, 'name' | 'durationMonths' | 'postingsCount' | 'priceNetCents' | 'active'>;
export type NewOrderValues = Omit<
  OrderRow,
  'id' | 'invoiceNumber' | 'invoiceYear' | 'invoiceSeq' | 'status' | 'updatedAt' | 'paidAt' | 'cancelledAt' | 'version'
>;
export type OrderEditValues = Pick<
  OrderRow,
  'quantity' | 'periodStart' | 'periodEnd' | 'notes' | 'netCents' | 'vatCents' | 'grossCents'
>;

export interface OrderFilter {
  /** Partner: only orders of organisations in these regions; null: all (admins). */
  regions: readonly Region[] | null;
  status?: OrderStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  organizationId?: string | undefined;
  search?: string | undefined;
}

export interface OrderSort {
  sort: OrderSortField;
  order: 'asc' | 'desc';
}

export interface StatusSums {
  status: OrderStatus;
  count: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

const BERLIN = 'Europe/Berlin';

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Order date = created_at as a Berlin calendar day; `to` includes its whole day. */
function filterConditions(filter: OrderFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.regions)
    conditions.push(filter.regions.length > 0 ? inArray(orders.organizationRegion, [...filter.regions]) : sql`false`);
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.from)
    conditions.push(gte(orders.createdAt, sql`(${filter.from}::date)::timestamp at time zone ${BERLIN}`));
  if (filter.to)
    conditions.push(lt(orders.createdAt, sql`((${filter.to}::date) + 1)::timestamp at time zone ${BERLIN}`));
  if (filter.organizationId) conditions.push(eq(orders.organizationId, filter.organizationId));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    // Company names in their German spellings (ADR 0117) through the SQL twin of the shared
    // search text; orders are few per year, so no index is needed for it.
    const names = germanSearchTerms(filter.search).map(
      (term) => sql`german_search_text(${orders.organizationName}) like ${`%${escapeLike(term)}%`}`,
    );
    conditions.push(or(...names, ilike(orders.invoiceNumber, pattern))!);
  }
  return conditions;
}

function orderBy({ sort, order }: OrderSort): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  const columns = {
    createdAt: [orders.createdAt],
    // Numbers of one year sort by their sequence, not as text ("2026-10000" after "2026-9999").
    invoiceNumber: [orders.invoiceYear, orders.invoiceSeq],
    organizationName: [sql`german_sort_key(${orders.organizationName}) collate "C"`],
    productName: [orders.productName],
    netCents: [orders.netCents],
    grossCents: [orders.grossCents],
    status: [orders.status],
    periodStart: [orders.periodStart],
  }[sort];
  return [...columns.map((column) => direction(column)), direction(orders.id)];
}

const orderedFlag = sql<boolean>`exists (select 1 from ${orders} where ${orders.productId} = ${products.id})`;

export function createOrdersRepository(db: Database) {
  async function nextInvoiceSeq(tx: Transaction, year: number): Promise<number> {
    const [counter] = await tx
      .insert(invoiceCounters)
      .values({ year, lastSeq: 1 })
      .onConflictDoUpdate({ target: invoiceCounters.year, set: { lastSeq: sql`${invoiceCounters.lastSeq} + 1` } })
      .returning({ lastSeq: invoiceCounters.lastSeq });
    if (!counter) throw new Error('invoice counter returned nothing');
    return counter.lastSeq;
  }

  return {
    async listProducts(activeOnly: boolean): Promise<(ProductRow & { ordered: boolean })[]> {
      return db
        .select({ product: products, ordered: orderedFlag })
        .from(products)
        .where(activeOnly ? eq(products.active, true) : undefined)
        .orderBy(asc(products.priceNetCents), asc(products.name), asc(products.id))
        .then((rows) => rows.map((row) => ({ ...row.product, ordered: row.ordered })));
    },

    async findProduct(id: string): Promise<(ProductRow & { ordered: boolean }) | null> {
      const [row] = await db
        .select({ product: products, ordered: orderedFlag })
        .from(products)
        .where(eq(products.id, id))
        .limit(1);
      return row ? { ...row.product, ordered: row.ordered } : null;
    },

    async insertProduct(values: ProductValues, now: Date, audit: (row: ProductRow) => AuditEntry): Promise<ProductRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(products)
          .values({ ...values, createdAt: now, updatedAt: now })
          .returning();
        if (!row) throw new Error('product insert returned nothing');
        await recordAudit(tx, audit(row));
        return row;
      });
    },

    /** Compare-and-set on the version when If-Match was sent (see organizations.repository). */
    async updateProduct(
      id: string,
      values: ProductValues,
      now: Date,
      expectedVersions: readonly number[] | undefined,
      audit: (before: ProductRow, after: ProductRow) => AuditEntry | null,
    ): Promise<ProductRow | 'STALE' | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!before) return null;
        if (expectedVersions && !expectedVersions.includes(before.version)) return 'STALE';
        const [row] = await tx
          .update(products)
          .set({ ...values, updatedAt: now, version: sql`${products.version} + 1` })
          .where(eq(products.id, id))
          .returning();
        if (!row) return null;
        const entry = audit(before, row);
        if (entry) await recordAudit(tx, entry);
        return row;
      });
    },

    async findOrganization(id: string): Promise<{ id: string; name: string; region: Region } | null> {
      const [row] = await db
        .select({ id: organizations.id, name: organizations.name, region: organizations.region })
        .from(organizations)
        .where(eq(organizations.id, id))
        .limit(1);
      return row ? { ...row, region: row.region } : null;
    },

    async findOrder(id: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
      return row ?? null;
    },

    /** Inserts the order with the next invoice number of `year` and its audit entry, all or nothing. */
    async insertOrder(values: NewOrderValues, year: number, audit: (row: OrderRow) => AuditEntry): Promise<OrderRow> {
      return db.transaction(async (tx) => {
        const seq = await nextInvoiceSeq(tx, year);
        const [row] = await tx
          .insert(orders)
          .values({
            ...values,
            invoiceYear: year,
            invoiceSeq: seq,
            invoiceNumber: `${year}-${String(seq).padStart(4, '0')}`,
            updatedAt: values.createdAt,
          })
          .returning();
        if (!row) throw new Error('order insert returned nothing');
        await recordAudit(tx, audit(row));
        return row;
      });
    },

    /**
     * Changes an order under a row lock: `change` sees the current row and returns the new
     * values (or throws to refuse, e.g. a wrong status), so a check and its write cannot be
     * separated by another writer. 'STALE' when If-Match names another version.
     */
    async changeOrder(
      id: string,
      expectedVersions: readonly number[] | undefined,
      now: Date,
      change: (current: OrderRow) => Partial<OrderRow>,
      audit: (before: OrderRow, after: OrderRow) => AuditEntry,
    ): Promise<OrderRow | 'STALE' | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        if (!before) return null;
        if (expectedVersions && !expectedVersions.includes(before.version)) return 'STALE';
        const values = change(before);
        const [row] = await tx
          .update(orders)
          .set({ ...values, updatedAt: now, version: sql`${orders.version} + 1` })
          .where(eq(orders.id, id))
          .returning();
        if (!row) return null;
        await recordAudit(tx, audit(before, row));
        return row;
      });
    },

    async listOrders(
      filter: OrderFilter,
      sort: OrderSort,
      page: { page: number; pageSize: number },
    ): Promise<{ rows: OrderRow[]; total: number }> {
      const where = and(...filterConditions(filter));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(...orderBy(sort))
          .limit(page.pageSize)
          .offset(page.page * page.pageSize),
        db.select({ value: count() }).from(orders).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    /** Every matching order (CSV export). */
    async allOrders(filter: OrderFilter, sort: OrderSort): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(...filterConditions(filter)))
        .orderBy(...orderBy(sort));
    },

    /** Count and money sums per status over the whole filtered set. */
    async sumsByStatus(filter: OrderFilter): Promise<StatusSums[]> {
      const rows = await db
        .select({
          status: orders.status,
          count: count(),
          // sum() of integers is bigint (text in JS); amounts stay far below 2^53.
          netCents: sql<string>`coalesce(sum(${orders.netCents}), 0)`,
          vatCents: sql<string>`coalesce(sum(${orders.vatCents}), 0)`,
          grossCents: sql<string>`coalesce(sum(${orders.grossCents}), 0)`,
        })
        .from(orders)
        .where(and(...filterConditions(filter)))
        .groupBy(orders.status);
      return rows.map((row) => ({
        status: row.status,
        count: Number(row.count),
        netCents: Number(row.netCents),
        vatCents: Number(row.vatCents),
        grossCents: Number(row.grossCents),
      }));
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
