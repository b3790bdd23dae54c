/**
 * The deck's data (issue 47): postings from the candidate feed (GET /rest/applicant/feed, only
 * postings not acted on, never one the candidate is too young for), and what a swipe does:
 * "Interessiert" expresses interest, "Nicht jetzt" records a dismissal, undo takes back the last
 * one. Before the feed existed the deck read the plain posting list; an API without the feed
 * (404) still gets that.
 */
import { API_PATHS, type PostingType } from '@matchwerk/shared';
import { api, ApiError, pathOf, withQuery } from './api';

export interface DeckItem {
  id: string;
  title: string;
  type: PostingType;
  organization: { id: string; name: string };
  city: string;
  zipCode: string;
  start: string | null;
  descriptionExcerpt: string;
  image: string | null;
  distanceKm: number | null;
  minAge?: number;
}

/** Today's expressions of interest and the daily cap (null from an API without the feed). */
export interface InterestsToday {
  used: number;
  perDay: number;
}

export interface DeckPage {
  items: DeckItem[];
  next: string | null;
  interestsToday: InterestsToday | null;
}

export type DeckAction = 'interested' | 'dismissed';

export interface DeckFilters {
  zipCode?: string;
  lat?: number;
  lng?: number;
}

export async function loadDeck(cursor: string | null, filters: DeckFilters): Promise<DeckPage> {
  const place = filters.lat !== undefined ? { lat: filters.lat, lng: filters.lng } : { zipCode: filters.zipCode };
  try {
    const page = await api<{ items: DeckItem[]; nextCursor: string | null; interestsToday?: InterestsToday }>(
      withQuery(API_PATHS.applicantFeed, {
        ...place,
        cursor,
        sort: (place.lat ?? place.zipCode) ? 'nearest' : 'newest',
      }),
      { fresh: true },
    );
    return { items: page.items, next: page.nextCursor, interestsToday: page.interestsToday ?? null };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    const page = await api<{ items: DeckItem[]; total: number; page: number; pageSize: number }>(
      withQuery(API_PATHS.applicantVacancies, { page: cursor ?? 0, zipCode: filters.zipCode }),
    );
    const more = (page.page + 1) * page.pageSize < page.total;
    return { items: page.items, next: more ? String(page.page + 1) : null, interestsToday: null };
  }
}

export async function act(item: DeckItem, action: DeckAction, note?: string): Promise<void> {
  if (action === 'interested') {
    await api(API_PATHS.applicantMatchings, {
      method: 'POST',
      body: { vacancyId: item.id, ...(note?.trim() ? { note: note.trim() } : {}) },
    });
  } else {
    await api(pathOf(API_PATHS.applicantDismissal, { vacancyId: item.id }), { method: 'POST' });
  }
}

/** Takes back an action: withdraws the (still open) interest or removes the dismissal. */
export async function undo(item: DeckItem, action: DeckAction): Promise<void> {
  const path =
    action === 'interested'
      ? pathOf(API_PATHS.applicantMatching, { vacancyId: item.id })
      : pathOf(API_PATHS.applicantDismissal, { vacancyId: item.id });
  await api(path, { method: 'DELETE' });
}

export function photoUrl(item: DeckItem): string | null {
  return item.image ? pathOf(API_PATHS.applicantVacancyPhoto, { id: item.id, photoId: item.image }) : null;
}

/** The deck's line about the daily limit, in plain words. */
export function limitText(today: InterestsToday): string {
  const left = Math.max(0, today.perDay - today.used);
  if (left === 0) return `Für heute hast du alle ${today.perDay} Anfragen verschickt. Morgen geht es weiter.`;
  return `Heute kannst du noch ${left} von ${today.perDay} Anfragen verschicken.`;
}
