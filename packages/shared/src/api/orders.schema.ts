/**
 * Orders and products (issue #11, spec §6): posting packages organisations book through an
 * administrator or the partner of SINDELFINGEN. Money travels as whole CENTS (integers) in
 * JSON; the web reads and shows euros with parseEuroInput/formatEuro (numbers.ts). One
 * `orderTotals` computes net, VAT and gross for the API (which stores them) and the web
 * (which shows them live), so both always agree.
 */
import { z } from 'zod';
import { MONEY_INPUT_MESSAGES, parseEuroInput } from '../numbers';
import { regionSchema } from './enums.schema';
import { idSchema, optionalText, pageQuerySchema, pageSchema, requiredText } from './fields';
import { DATE_RANGE_MESSAGE, INVALID_DATE_MESSAGE, isDateInRange } from './input-rules';

export const ORDER_STATUSES = ['OPEN', 'PAID', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: 'Bitte wählen Sie einen gültigen Status.' });

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  OPEN: 'offen',
  PAID: 'bezahlt',
  CANCELLED: 'storniert',
};

/** German VAT (Umsatzsteuer) in percent; frozen on every order when it is created. */
export const VAT_RATE_PERCENT = 19;

/** Which status an order may move to: CANCELLED is final, PAID can still be cancelled (credit note). */
export const ORDER_STATUS_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  OPEN: ['PAID', 'CANCELLED'],
  PAID: ['CANCELLED'],
  CANCELLED: [],
};

export function canChangeOrderStatus(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATUS_TRANSITIONS[from].includes(to);
}

/** German texts of the order rules (API refusals and the web's hints). */
export const ORDER_MESSAGES = {
  cancelledFinal:
    'Diese Bestellung ist storniert. Eine Stornierung ist endgültig; bitte legen Sie bei Bedarf eine neue Bestellung an.',
  alreadyPaid: 'Diese Bestellung ist bereits als bezahlt markiert.',
  paidCannotReopen:
    'Eine bezahlte Bestellung kann nicht wieder auf „offen“ gesetzt werden. Sie können sie nur stornieren.',
  sameStatus: 'Die Bestellung hat diesen Status bereits.',
  onlyOpenEditable:
    'Nur offene Bestellungen können bearbeitet werden. Bezahlte und stornierte Bestellungen bleiben für die Buchhaltung unverändert.',
  productInactive: 'Dieses Produkt ist deaktiviert und kann nicht mehr bestellt werden.',
  organizationMissing: 'Das Unternehmen wurde nicht gefunden oder liegt nicht in Ihren Regionen.',
  productMissing: 'Das Produkt wurde nicht gefunden.',
  productOrdered:
    'Dieses Produkt wurde bereits bestellt und kann nicht gelöscht werden. Bitte deaktivieren Sie es stattdessen.',
} as const;

export interface OrderTotals {
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/**
 * Net = unit price × quantity; VAT rounded commercially (half up, to whole cents) on the net
 * sum; gross = net + VAT. Integer arithmetic only, so no float can round the wrong way.
 */
export function orderTotals(unitPriceNetCents: number, quantity: number, vatRatePercent: number): OrderTotals {
  const netCents = unitPriceNetCents * quantity;
  const vatCents = Math.floor((netCents * vatRatePercent + 50) / 100);
  return { netCents, vatCents, grossCents: netCents + vatCents };
}

function parseDay(day: string): { year: number; month: number; date: number } {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, date };
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Last day of a booking of `months` months from `periodStart` (both YYYY-MM-DD): the day
 * before the same day `months` months later; if that month has no such day, its last day
 * (like §188 BGB): 2026-01-01 + 3 → 2026-03-31, 2026-01-31 + 1 → 2026-02-28.
 */
export function orderPeriodEnd(periodStart: string, months: number): string {
  const { year, month, date } = parseDay(periodStart);
  const targetMonthIndex = month - 1 + months;
  const lastDayOfTarget = new Date(Date.UTC(year, targetMonthIndex + 1, 0)).getUTCDate();
  if (date > lastDayOfTarget) {
    const end = new Date(Date.UTC(year, targetMonthIndex, lastDayOfTarget));
    return `${end.getUTCFullYear()}-${pad(end.getUTCMonth() + 1)}-${pad(end.getUTCDate())}`;
  }
  const end = new Date(Date.UTC(year, targetMonthIndex, date - 1));
  return `${end.getUTCFullYear()}-${pad(end.getUTCMonth() + 1)}-${pad(end.getUTCDate())}`;
}

/** A calendar day YYYY-MM-DD between 1900 and 2100. */
function daySchema(missing: string) {
  return z
    .string({ error: missing })
    .min(1, { message: missing, abort: true })
    .refine((value) => z.iso.date().safeParse(value).success, INVALID_DATE_MESSAGE)
    .refine((value) => !z.iso.date().safeParse(value).success || isDateInRange(value), DATE_RANGE_MESSAGE);
}

const optionalDay = daySchema('Bitte geben Sie ein Datum an.')
  .nullish()
  .transform((value) => value ?? null);

// ---------------------------------------------------------------------------------------------
// Products

export const MAX_PRODUCT_PRICE_CENTS = 100_000_000;

const productFields = {
  name: requiredText(120, 'Bitte geben Sie den Namen des Produkts ein.', 'Der Name'),
  durationMonths: z
    .number({ error: 'Bitte geben Sie die Laufzeit in Monaten ein.' })
    .int('Bitte geben Sie die Laufzeit als ganze Zahl von Monaten ein.')
    .min(1, 'Die Laufzeit muss mindestens 1 Monat betragen.')
    .max(60, 'Die Laufzeit darf höchstens 60 Monate betragen.'),
  postingsCount: z
    .number({ error: 'Bitte geben Sie die Anzahl der Anzeigen ein.' })
    .int('Bitte geben Sie die Anzahl der Anzeigen als ganze Zahl ein.')
    .min(1, 'Das Produkt muss mindestens 1 Anzeige enthalten.')
    .max(1000, 'Das Produkt darf höchstens 1.000 Anzeigen enthalten.'),
  active: z.boolean({ error: 'Bitte geben Sie an, ob das Produkt bestellbar ist.' }),
};

/** POST /rest/products, PUT /rest/products/{id} (admins). */
export const productInputSchema = z.object({
  ...productFields,
  priceNetCents: z
    .number({ error: 'Bitte geben Sie den Nettopreis ein.' })
    .int('Bitte geben Sie den Preis in ganzen Cent an.')
    .min(0, 'Der Preis darf nicht negativ sein.')
    .max(MAX_PRODUCT_PRICE_CENTS, 'Der Preis darf höchstens 1.000.000 € betragen.'),
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductInputParsed = z.output<typeof productInputSchema>;

/**
 * The product dialog's form: the price as typed in German ("1.250,50 €"), turned into cents
 * with the shared money parser, so the web sends what the API validates.
 */
export const productFormSchema = z.object({
  ...productFields,
  priceNet: z.string().transform((text, context) => {
    const parsed = parseEuroInput(text);
    if (!parsed.ok) {
      context.addIssue({ code: 'custom', message: MONEY_INPUT_MESSAGES[parsed.error] });
      return z.NEVER;
    }
    if (parsed.value < 0) {
      context.addIssue({ code: 'custom', message: 'Der Preis darf nicht negativ sein.' });
      return z.NEVER;
    }
    const cents = Math.round(parsed.value * 100);
    if (cents > MAX_PRODUCT_PRICE_CENTS) {
      context.addIssue({ code: 'custom', message: 'Der Preis darf höchstens 1.000.000 € betragen.' });
      return z.NEVER;
    }
    return cents;
  }),
});
export type ProductForm = z.input<typeof productFormSchema>;
export type ProductFormParsed = z.output<typeof productFormSchema>;

export const productSchema = z.object({
  id: idSchema,
  name: z.string(),
  durationMonths: z.number().int(),
  postingsCount: z.number().int(),
  priceNetCents: z.number().int(),
  active: z.boolean(),
  /** Whether any order refers to it (then it can only be deactivated, never deleted). */
  ordered: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** Also the ETag; send it back as If-Match when saving. */
  version: z.number().int().min(1),
});
export type Product = z.infer<typeof productSchema>;

/** GET /rest/products: admins every product, order partners only active ones. */
export const productListQuerySchema = z.object({
  active: z
    .enum(['true', 'false'], { error: 'Bitte geben Sie true oder false an.' })
    .transform((value) => value === 'true')
    .optional(),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;
export const productListResponseSchema = z.object({ items: z.array(productSchema) });
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Orders

const quantitySchema = z
  .number({ error: 'Bitte geben Sie die Menge ein.' })
  .int('Bitte geben Sie die Menge als ganze Zahl ein.')
  .min(1, 'Die Menge muss mindestens 1 sein.')
  .max(100, 'Die Menge darf höchstens 100 sein.');

const periodEndMessage = 'Das Ende des Zeitraums darf nicht vor dem Beginn liegen.';

const orderEditFields = {
  quantity: quantitySchema,
  periodStart: daySchema('Bitte geben Sie den Beginn des Zeitraums an.'),
  /** Empty: start + the product's duration − 1 day (computed by the API). */
  periodEnd: optionalDay,
  notes: optionalText(1000, 'Die Notiz'),
};

function endNotBeforeStart(value: { periodStart: string; periodEnd: string | null }): boolean {
  return value.periodEnd === null || value.periodEnd >= value.periodStart;
}

/** POST /rest/orders. Prices, names and region come from product and organisation, never from here. */
export const orderCreateSchema = z
  .object({
    organizationId: z
      .string({ error: 'Bitte wählen Sie ein Unternehmen.' })
      .min(1, 'Bitte wählen Sie ein Unternehmen.')
      .max(64),
    productId: z.string({ error: 'Bitte wählen Sie ein Produkt.' }).min(1, 'Bitte wählen Sie ein Produkt.').max(64),
    ...orderEditFields,
  })
  .refine(endNotBeforeStart, { message: periodEndMessage, path: ['periodEnd'] });
export type OrderCreateInput = z.input<typeof orderCreateSchema>;
export type OrderCreate = z.output<typeof orderCreateSchema>;

/** PUT /rest/orders/{id}: quantity, period and notes of an OPEN order. */
export const orderUpdateSchema = z
  .object(orderEditFields)
  .refine(endNotBeforeStart, { message: periodEndMessage, path: ['periodEnd'] });
export type OrderUpdateInput = z.input<typeof orderUpdateSchema>;
export type OrderUpdate = z.output<typeof orderUpdateSchema>;

/** PUT /rest/orders/{id}/status */
export const orderStatusChangeSchema = z.object({ status: orderStatusSchema });
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

const dateTime = z.iso.datetime({ offset: true });

export const orderSchema = z.object({
  id: idSchema,
  invoiceNumber: z.string(),
  /** Null once the organisation was deleted; its name and region stay on the order. */
  organizationId: z.string().nullable(),
  organizationName: z.string(),
  organizationRegion: regionSchema,
  productId: z.string().nullable(),
  productName: z.string(),
  durationMonths: z.number().int(),
  postingsCount: z.number().int(),
  quantity: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  unitPriceNetCents: z.number().int(),
  netCents: z.number().int(),
  vatRatePercent: z.number().int(),
  vatCents: z.number().int(),
  grossCents: z.number().int(),
  status: orderStatusSchema,
  notes: z.string().nullable(),
  createdByEmail: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
  paidAt: dateTime.nullable(),
  cancelledAt: dateTime.nullable(),
  version: z.number().int().min(1),
});
export type Order = z.infer<typeof orderSchema>;

export const ORDER_SORT_FIELDS = [
  'createdAt',
  'invoiceNumber',
  'organizationName',
  'productName',
  'netCents',
  'grossCents',
  'status',
  'periodStart',
] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

const filterDay = z
  .string()
  .refine((value) => z.iso.date().safeParse(value).success, INVALID_DATE_MESSAGE)
  .refine((value) => !z.iso.date().safeParse(value).success || isDateInRange(value), DATE_RANGE_MESSAGE)
  .optional();

const orderFilterFields = {
  status: orderStatusSchema.optional(),
  /** Order date (created_at as a Berlin calendar day), both ends included. */
  from: filterDay,
  to: filterDay,
  organizationId: idSchema.optional(),
};

function fromNotAfterTo(value: { from?: string | undefined; to?: string | undefined }): boolean {
  return !value.from || !value.to || value.from <= value.to;
}
const fromToMessage = { message: 'Das Ende des Zeitraums darf nicht vor dem Beginn liegen.', path: ['to'] };

/** GET /rest/orders — newest first by default; `search` finds organisation name or invoice number. */
export const orderListQuerySchema = pageQuerySchema(ORDER_SORT_FIELDS, 'createdAt')
  .extend({ order: z.enum(['asc', 'desc']).default('desc'), ...orderFilterFields })
  .refine(fromNotAfterTo, fromToMessage);
export type OrderListQuery = z.input<typeof orderListQuerySchema>;
export type OrderListQueryParsed = z.output<typeof orderListQuerySchema>;

/** GET /rest/orders/export — the same filters and sorting, every matching row. */
export const orderExportQuerySchema = pageQuerySchema(ORDER_SORT_FIELDS, 'createdAt')
  .omit({ page: true, pageSize: true })
  .extend({ order: z.enum(['asc', 'desc']).default('desc'), ...orderFilterFields })
  .refine(fromNotAfterTo, fromToMessage);
export type OrderExportQuery = z.input<typeof orderExportQuerySchema>;
export type OrderExportQueryParsed = z.output<typeof orderExportQuerySchema>;

export const orderSumsSchema = z.object({
  count: z.number().int(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  grossCents: z.number().int(),
});
export type OrderSums = z.infer<typeof orderSumsSchema>;

export const orderListResponseSchema = pageSchema(orderSchema).extend({
  /** Over the whole filtered set (every page), all statuses together and per status. */
  sums: z.object({
    all: orderSumsSchema,
    byStatus: z.object({ OPEN: orderSumsSchema, PAID: orderSumsSchema, CANCELLED: orderSumsSchema }),
  }),
});
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;
