/** How the order screens write amounts and order dates. */
import { formatEuro } from '@matchwerk/shared';

/** Cents as the screens show euros ("1.190,00 €"). */
export const euro = (cents: number) => formatEuro(cents / 100);

const berlinDay = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** The order date as the API filters it: the Berlin calendar day of created_at. */
export const berlinDate = (iso: string) => berlinDay.format(new Date(iso));
