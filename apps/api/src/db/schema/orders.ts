/**
 * Orders (issue #11): posting packages that organisations book, with invoice numbers that run
 * consecutively per year. An order keeps the organisation's and product's names frozen, so it
 * outlives a deleted organisation (retention, §147 AO) and a renamed product.
 */
import { ORDER_STATUSES, REGIONS } from '@matchwerk/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from './enum-checks';
import { organizations } from './organizations';

const tz = { withTimezone: true } as const;

/** A bookable posting package; managed by admins. Prices are net, in cents. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    durationMonths: integer('duration_months').notNull(),
    postingsCount: integer('postings_count').notNull(),
    priceNetCents: integer('price_net_cents').notNull(),
    /** Inactive products cannot be ordered any more; existing orders keep them. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    check('products_duration_positive', sql`${table.durationMonths} > 0`),
    check('products_postings_positive', sql`${table.postingsCount} > 0`),
    check('products_price_not_negative', sql`${table.priceNetCents} >= 0`),
  ],
);

export type ProductRow = typeof products.$inferSelect;

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the organisation is deleted; name and region stay on the order. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    organizationName: text('organization_name').notNull(),
    organizationRegion: text('organization_region', { enum: REGIONS }).notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    durationMonths: integer('duration_months').notNull(),
    postingsCount: integer('postings_count').notNull(),
    quantity: integer('quantity').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    unitPriceNetCents: integer('unit_price_net_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    vatRatePercent: integer('vat_rate_percent').notNull(),
    vatCents: integer('vat_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('OPEN'),
    /** `YYYY-NNNN`, consecutive per year without gaps (taken from invoice_counters in the insert's transaction). */
    invoiceNumber: text('invoice_number').notNull(),
    invoiceYear: integer('invoice_year').notNull(),
    invoiceSeq: integer('invoice_seq').notNull(),
    notes: text('notes'),
    createdBy: text('created_by'),
    createdByEmail: text('created_by_email'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    paidAt: timestamp('paid_at', tz),
    cancelledAt: timestamp('cancelled_at', tz),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    unique('orders_invoice_number_unique').on(table.invoiceNumber),
    unique('orders_invoice_year_seq_unique').on(table.invoiceYear, table.invoiceSeq),
    index('orders_created_at_idx').on(table.createdAt, table.id),
    index('orders_organization_idx').on(table.organizationId),
    index('orders_region_created_at_idx').on(table.organizationRegion, table.createdAt),
    check('orders_status', isOneOf(table.status, ORDER_STATUSES)),
    check('orders_organization_region', isOneOf(table.organizationRegion, REGIONS)),
    check('orders_quantity_positive', sql`${table.quantity} > 0`),
    check('orders_period', sql`${table.periodEnd} >= ${table.periodStart}`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/** The last invoice number handed out per year; incremented in the order's transaction. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastSeq: integer('last_seq').notNull().default(0),
});
