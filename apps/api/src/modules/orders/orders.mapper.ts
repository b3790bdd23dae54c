import type { Order, Product } from '@matchwerk/shared';
import type { OrderRow, ProductRow } from '../../db/schema/index';

export function toProduct(row: ProductRow & { ordered: boolean }): Product {
  return {
    id: row.id,
    name: row.name,
    durationMonths: row.durationMonths,
    postingsCount: row.postingsCount,
    priceNetCents: row.priceNetCents,
    active: row.active,
    ordered: row.ordered,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    organizationRegion: row.organizationRegion,
    productId: row.productId,
    productName: row.productName,
    durationMonths: row.durationMonths,
    postingsCount: row.postingsCount,
    quantity: row.quantity,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    unitPriceNetCents: row.unitPriceNetCents,
    netCents: row.netCents,
    vatRatePercent: row.vatRatePercent,
    vatCents: row.vatCents,
    grossCents: row.grossCents,
    status: row.status,
    notes: row.notes,
    createdByEmail: row.createdByEmail,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    version: row.version,
  };
}
