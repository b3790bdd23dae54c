import { describe, expect, it } from 'vitest';
import {
  canChangeOrderStatus,
  orderCreateSchema,
  orderPeriodEnd,
  orderTotals,
  productFormSchema,
} from './orders.schema';

describe('orderTotals', () => {
  it('multiplies, rounds VAT half up to whole cents and adds it', () => {
    expect(orderTotals(19_900, 1, 19)).toEqual({ netCents: 19_900, vatCents: 3781, grossCents: 23_681 });
    // 250 × 19 % = 47,5 ct → 48 ct (kaufmännisch gerundet)
    expect(orderTotals(250, 1, 19)).toEqual({ netCents: 250, vatCents: 48, grossCents: 298 });
    // 12 345 × 19 % = 2 345,55 → 2 346; on the net sum, not per unit
    expect(orderTotals(12_345, 3, 19)).toEqual({ netCents: 37_035, vatCents: 7037, grossCents: 44_072 });
    expect(orderTotals(0, 5, 19)).toEqual({ netCents: 0, vatCents: 0, grossCents: 0 });
  });
});

describe('orderPeriodEnd', () => {
  it('ends the day before the same day N months later, or on the last day of a shorter month', () => {
    expect(orderPeriodEnd('2026-01-01', 3)).toBe('2026-03-31');
    expect(orderPeriodEnd('2026-08-01', 12)).toBe('2027-07-31');
    expect(orderPeriodEnd('2026-01-15', 1)).toBe('2026-02-14');
    expect(orderPeriodEnd('2026-01-31', 1)).toBe('2026-02-28');
    expect(orderPeriodEnd('2027-11-30', 3)).toBe('2028-02-29');
  });
});

describe('status transitions', () => {
  it('allows paying and cancelling, never leaving CANCELLED or going back to OPEN', () => {
    expect(canChangeOrderStatus('OPEN', 'PAID')).toBe(true);
    expect(canChangeOrderStatus('OPEN', 'CANCELLED')).toBe(true);
    expect(canChangeOrderStatus('PAID', 'CANCELLED')).toBe(true);
    expect(canChangeOrderStatus('PAID', 'OPEN')).toBe(false);
    expect(canChangeOrderStatus('CANCELLED', 'PAID')).toBe(false);
    expect(canChangeOrderStatus('OPEN', 'OPEN')).toBe(false);
  });
});

describe('productFormSchema', () => {
  const base = { name: 'Paket', durationMonths: 3, postingsCount: 1, active: true };
  it('reads German money input into cents', () => {
    expect(productFormSchema.parse({ ...base, priceNet: '1.250,50 €' }).priceNet).toBe(125_050);
    expect(productFormSchema.parse({ ...base, priceNet: '199' }).priceNet).toBe(19_900);
  });
  it('refuses ambiguous or invalid amounts with German messages', () => {
    const result = productFormSchema.safeParse({ ...base, priceNet: '12.5' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('Komma');
    expect(productFormSchema.safeParse({ ...base, priceNet: '' }).error?.issues[0]?.message).toBe(
      'Bitte geben Sie einen Betrag in Euro ein.',
    );
    expect(productFormSchema.safeParse({ ...base, priceNet: '-5' }).error?.issues[0]?.message).toBe(
      'Der Preis darf nicht negativ sein.',
    );
  });
});

describe('orderCreateSchema', () => {
  it('needs organisation, product, a positive quantity and a start; the end may not precede it', () => {
    const result = orderCreateSchema.safeParse({ organizationId: '', productId: '', quantity: 0, periodStart: '' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toMatchObject({
      organizationId: 'Bitte wählen Sie ein Unternehmen.',
      productId: 'Bitte wählen Sie ein Produkt.',
      quantity: 'Die Menge muss mindestens 1 sein.',
      periodStart: 'Bitte geben Sie den Beginn des Zeitraums an.',
    });
    const backwards = orderCreateSchema.safeParse({
      organizationId: 'a',
      productId: 'b',
      quantity: 1,
      periodStart: '2026-05-01',
      periodEnd: '2026-04-01',
    });
    expect(backwards.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['periodEnd']);
  });
});
