/** German display of dates, distances and pay on the cards and the posting screen. */

const MONTH_YEAR = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric' });
const DAY = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric' });
const TIME = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' });
const EUROS = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });

/** "ab August 2027", "ab sofort" for a past start, null without one. `day` is YYYY-MM-DD. */
export function startText(day: string | null, today = new Date()): string | null {
  if (!day) return null;
  const date = new Date(`${day}T12:00:00`);
  if (Number.isNaN(date.getTime())) return null;
  return date <= today ? 'ab sofort' : `ab ${MONTH_YEAR.format(date)}`;
}

export function dayText(iso: string): string {
  return DAY.format(new Date(iso));
}

/** "14:05" today, else "3. Mai 2027, 14:05". */
export function messageTime(iso: string, today = new Date()): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === today.toDateString();
  return sameDay ? TIME.format(date) : `${DAY.format(date)}, ${TIME.format(date)}`;
}

export function distanceText(km: number | null): string | null {
  if (km === null) return null;
  return km < 1 ? 'unter 1 km' : `${Math.round(km)} km`;
}

/** "750 € im 1. Jahr" from the monthly pay per training year. */
export function payText(perYear: readonly number[]): string | null {
  const first = perYear[0];
  return first ? `${EUROS.format(first)} im Monat (1. Jahr)` : null;
}

/** Whether a posting's start fits the "Beginn" filter. */
export type StartFilter = 'egal' | 'sofort' | 'dieses-jahr' | 'naechstes-jahr';
export function startMatches(day: string | null, filter: StartFilter, today = new Date()): boolean {
  if (filter === 'egal') return true;
  if (!day) return filter === 'sofort';
  const date = new Date(`${day}T12:00:00`);
  const year = today.getFullYear();
  switch (filter) {
    case 'sofort':
      return date <= new Date(today.getTime() + 31 * 86_400_000);
    case 'dieses-jahr':
      return date.getFullYear() <= year;
    case 'naechstes-jahr':
      return date.getFullYear() === year + 1;
  }
}
