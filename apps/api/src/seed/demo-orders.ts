/**
 * Demo data for orders (issue #11): three posting packages (plus one retired) and fifteen
 * orders over 2026 for organisations in SINDELFINGEN and other regions, in all three states,
 * with consecutive invoice numbers 2026-0001… and the matching invoice counter, so the next
 * order made in the demo continues the series. Amounts come from the shared `orderTotals`.
 */
import { orderPeriodEnd, orderTotals, VAT_RATE_PERCENT, type OrderStatus } from '@matchwerk/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authUsers, invoiceCounters, orders, organizations, products } from '../db/schema/index';

type Writer = Pick<Database, 'insert' | 'select'>;

export const DEMO_PRODUCTS = [
  { name: 'Starter 3 Monate / 1 Anzeige', durationMonths: 3, postingsCount: 1, priceNetCents: 19_900, active: true },
  { name: 'Saison 12 Monate / 5 Anzeigen', durationMonths: 12, postingsCount: 5, priceNetCents: 89_000, active: true },
  {
    name: 'Region Premium 12 Monate / 20 Anzeigen',
    durationMonths: 12,
    postingsCount: 20,
    priceNetCents: 249_000,
    active: true,
  },
  {
    name: 'Schnupper 1 Monat / 1 Anzeige (ausgelaufen)',
    durationMonths: 1,
    postingsCount: 1,
    priceNetCents: 4_900,
    active: false,
  },
] as const;

export const DEMO_ORDER_YEAR = 2026;

interface DemoOrder {
  /** Order date (Berlin noon, so the day is the same in every time zone). */
  day: string;
  /** Index into the organisations picked below (even: SINDELFINGEN, odd: other regions). */
  organization: number;
  product: 0 | 1 | 2 | 3;
  quantity: number;
  status: OrderStatus;
  by: 'admin' | 'partner';
  notes?: string;
}

const DEMO_ORDERS: DemoOrder[] = [
  {
    day: '2026-01-12',
    organization: 0,
    product: 1,
    quantity: 1,
    status: 'PAID',
    by: 'admin',
    notes: 'Saisonstart Ausbildung 2026',
  },
  { day: '2026-01-27', organization: 1, product: 0, quantity: 2, status: 'PAID', by: 'admin' },
  {
    day: '2026-02-09',
    organization: 2,
    product: 3,
    quantity: 1,
    status: 'CANCELLED',
    by: 'partner',
    notes: 'Doppelt erfasst',
  },
  { day: '2026-02-23', organization: 3, product: 2, quantity: 1, status: 'PAID', by: 'admin' },
  { day: '2026-03-16', organization: 4, product: 0, quantity: 1, status: 'PAID', by: 'partner' },
  { day: '2026-04-07', organization: 5, product: 1, quantity: 1, status: 'PAID', by: 'admin' },
  {
    day: '2026-04-28',
    organization: 6,
    product: 0,
    quantity: 3,
    status: 'CANCELLED',
    by: 'partner',
    notes: 'Unternehmen hat abgesagt',
  },
  { day: '2026-05-19', organization: 7, product: 0, quantity: 1, status: 'PAID', by: 'admin' },
  {
    day: '2026-06-08',
    organization: 0,
    product: 0,
    quantity: 2,
    status: 'PAID',
    by: 'partner',
    notes: 'Ferienjobs Sommer',
  },
  { day: '2026-07-14', organization: 1, product: 1, quantity: 1, status: 'OPEN', by: 'admin' },
  {
    day: '2026-08-03',
    organization: 2,
    product: 2,
    quantity: 1,
    status: 'OPEN',
    by: 'partner',
    notes: 'Rechnung an die Zentrale',
  },
  { day: '2026-09-01', organization: 3, product: 0, quantity: 1, status: 'PAID', by: 'admin' },
  { day: '2026-09-22', organization: 4, product: 1, quantity: 2, status: 'OPEN', by: 'partner' },
  { day: '2026-10-13', organization: 5, product: 0, quantity: 1, status: 'CANCELLED', by: 'admin' },
  { day: '2026-11-04', organization: 6, product: 1, quantity: 1, status: 'OPEN', by: 'partner' },
];

/** Noon in Berlin on that day (CET or CEST: 11:00 or 10:00 UTC; noon keeps the day either way). */
function berlinNoon(day: string): Date {
  return new Date(`${day}T11:00:00Z`);
}

export async function seedOrdersDemo(tx: Writer, { now }: { now: Date }): Promise<void> {
  const productRows = await tx
    .insert(products)
    .values(
      DEMO_PRODUCTS.map((product) => ({
        ...product,
        createdAt: new Date('2025-12-01T09:00:00Z'),
        updatedAt: new Date('2025-12-01T09:00:00Z'),
      })),
    )
    .returning();
  const byName = new Map(productRows.map((row) => [row.name, row]));
  const productList = DEMO_PRODUCTS.map((product) => byName.get(product.name)!);

  // The first organisations by name of SINDELFINGEN and of other regions (the demo firma@ included).
  const sindelfingen = await tx
    .select({ id: organizations.id, name: organizations.name, region: organizations.region })
    .from(organizations)
    .where(eq(organizations.region, 'SINDELFINGEN'))
    .orderBy(asc(organizations.name))
    .limit(4);
  const others = await tx
    .select({ id: organizations.id, name: organizations.name, region: organizations.region })
    .from(organizations)
    .where(inArray(organizations.region, ['LICHTENFELS', 'HORB', 'SOEST', 'OEHRINGEN']))
    .orderBy(asc(organizations.region), asc(organizations.name))
    .limit(4);
  const picked = sindelfingen.flatMap((organization, index) => [organization, others[index] ?? organization]);
  if (picked.length === 0) return;

  const people = await tx
    .select({ id: authUsers.id, email: authUsers.email })
    .from(authUsers)
    .where(inArray(authUsers.email, ['admin@matchwerk.example', 'partner@matchwerk.example']));
  const person = (by: DemoOrder['by']) =>
    people.find((row) => row.email === (by === 'admin' ? 'admin@matchwerk.example' : 'partner@matchwerk.example'));

  const values = DEMO_ORDERS.filter((order) => berlinNoon(order.day) <= now).map((order, index) => {
    const organization = picked[order.organization % picked.length]!;
    const product = productList[order.product]!;
    const createdAt = berlinNoon(order.day);
    const seq = index + 1;
    const creator = person(order.by);
    // A partner books only for its regions: an order "by the partner" for another region is the admin's.
    const byPartner = order.by === 'partner' && organization.region === 'SINDELFINGEN';
    const by = byPartner ? creator : person('admin');
    const later = new Date(createdAt.getTime() + 9 * 24 * 60 * 60 * 1000);
    return {
      organizationId: organization.id,
      organizationName: organization.name,
      organizationRegion: organization.region,
      productId: product.id,
      productName: product.name,
      durationMonths: product.durationMonths,
      postingsCount: product.postingsCount,
      quantity: order.quantity,
      periodStart: order.day.slice(0, 8) + '01',
      periodEnd: orderPeriodEnd(order.day.slice(0, 8) + '01', product.durationMonths),
      unitPriceNetCents: product.priceNetCents,
      vatRatePercent: VAT_RATE_PERCENT,
      ...orderTotals(product.priceNetCents, order.quantity, VAT_RATE_PERCENT),
      status: order.status,
      invoiceNumber: `${DEMO_ORDER_YEAR}-${String(seq).padStart(4, '0')}`,
      invoiceYear: DEMO_ORDER_YEAR,
      invoiceSeq: seq,
      notes: order.notes ?? null,
      createdBy: by?.id ?? null,
      createdByEmail: by?.email ?? null,
      createdAt,
      updatedAt: order.status === 'OPEN' ? createdAt : later,
      paidAt: order.status === 'PAID' ? later : null,
      cancelledAt: order.status === 'CANCELLED' ? later : null,
      version: order.status === 'OPEN' ? 1 : 2,
    };
  });
  if (values.length === 0) return;
  await tx.insert(orders).values(values);
  await tx.insert(invoiceCounters).values({ year: DEMO_ORDER_YEAR, lastSeq: values.length });
}
