/**
 * The candidate's discovery feed and "nicht interessiert" (issue 46 item 4, ADR 0100). The feed
 * defaults to the candidate's profile (home postcode, wanted types and fields) and leaves out what
 * the candidate already acted on; every posting carries the candidate's own state (myState).
 */
import {
  CANDIDATE_FEED_MESSAGES,
  type CandidateFeedItem,
  type CandidateFeedQueryParsed,
  type CandidateFeedResponse,
  type Dismissal,
  type FeedSort,
  type MatchingState,
  type MyPostingState,
  type Region,
} from '@matchwerk/shared';
import type { SQL } from 'drizzle-orm';
import { requireActor, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import { AppError } from '../../errors/app-error';
import type { DomainEventPublisher } from '../../events/domain-events';
import type { Geocoder } from '../geocoding';
import { withoutMarkup } from '../rich-text';
import { isValidSortKey, type FeedRepository, type FeedRow } from './feed.repository';

export interface FeedServiceDeps {
  feedRepository: FeedRepository;
  /** Whether candidates may see the posting (active, deadline not passed, active organisation). */
  isVacancyVisible(vacancyId: string): Promise<boolean>;
  geocoder: Geocoder;
  clock: () => Date;
  /** "Nicht interessiert" is told, so the candidate's kept feed is retired before the answer leaves (ADR 0107). */
  events: DomainEventPublisher;
  /**
   * The minimum-age rule of postings (issue 46 item 1): the SQL condition that leaves out postings
   * the candidate is too young for, from the candidate's birth date (null: not given). Undefined
   * until postings carry a minimum age.
   */
  postingAgeCondition?: ((dateOfBirth: string | null, today: Date) => SQL | undefined) | undefined;
  /** Today's expressions of interest of the candidate and the daily cap (the deck shows the limit). */
  interestsToday(applicantId: string): Promise<CandidateFeedResponse['interestsToday']>;
}

/** The candidate's own state of a posting: a matching wins over a dismissal. */
export function myStateOf(matchingState: MatchingState | null, dismissed: boolean): MyPostingState {
  switch (matchingState) {
    case 'OPEN':
      return 'interested';
    case 'ACCEPTED':
      return 'accepted';
    case 'REJECTED':
      return 'declined';
    case null:
      return dismissed ? 'dismissed' : 'none';
  }
}

interface Cursor {
  sort: FeedSort;
  key: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeFeedCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id]), 'utf8').toString('base64url');
}

function invalidCursor(message: string = CANDIDATE_FEED_MESSAGES.invalidCursor): AppError {
  return new AppError('VALIDATION_FAILED', { message, fieldErrors: { cursor: message } });
}

/** The cursor's key, checked before any of it reaches SQL; a foreign or other-sort cursor is a 400. */
export function decodeFeedCursor(value: string, sort: FeedSort): { key: string; id: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((part) => typeof part === 'string'))
    throw invalidCursor();
  const [cursorSort, key, id] = parsed as [string, string, string];
  if (cursorSort !== sort) throw invalidCursor(CANDIDATE_FEED_MESSAGES.cursorOtherSort);
  if (!UUID.test(id) || !isValidSortKey(sort, key)) throw invalidCursor();
  return { key, id };
}

function toItem(row: FeedRow): CandidateFeedItem {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    trainingOccupationName: row.trainingOccupationName,
    organization: { id: row.organizationId, name: row.organizationName, region: row.organizationRegion as Region },
    city: row.city,
    zipCode: row.zipCode,
    start: row.start,
    descriptionExcerpt: withoutMarkup(row.descriptionExcerpt),
    image: row.image,
    distanceKm: row.distanceKm === null ? null : Math.round(row.distanceKm * 10) / 10,
    createdAt: row.createdAt.toISOString(),
    myState: myStateOf(row.matchingState, row.dismissed),
  };
}

export function createFeedService(deps: FeedServiceDeps) {
  const repo = deps.feedRepository;

  function requireApplicant(actor: SessionActor | null): SessionActor {
    return requireActor(actor, { legal: true, applicant: true });
  }

  async function centreOfZip(zipCode: string, field: string): Promise<{ lat: number; lng: number }> {
    const point = await deps.geocoder.geocode({
      country: 'Deutschland',
      city: '',
      zipCode,
      street: null,
      streetNumber: null,
    });
    if (!point)
      throw new AppError('VALIDATION_FAILED', {
        message: CANDIDATE_FEED_MESSAGES.unknownZipCode,
        fieldErrors: { [field]: CANDIDATE_FEED_MESSAGES.unknownZipCode },
      });
    return point;
  }

  async function assertVisible(vacancyId: string): Promise<void> {
    if (!isUuid(vacancyId) || !(await deps.isVacancyVisible(vacancyId)))
      throw new AppError('NOT_FOUND', { message: CANDIDATE_FEED_MESSAGES.vacancyNotFound });
  }

  return {
    async feed(actor: SessionActor | null, query: CandidateFeedQueryParsed): Promise<CandidateFeedResponse> {
      const user = requireApplicant(actor);
      const after = query.cursor === undefined ? undefined : decodeFeedCursor(query.cursor, query.sort);
      const profile = await repo.preferencesOf(user.userId);
      let centre: CandidateFeedResponse['centre'] = null;
      if (query.lat !== undefined && query.lng !== undefined)
        centre = { lat: query.lat, lng: query.lng, source: 'coordinates' };
      else if (query.zipCode) centre = { ...(await centreOfZip(query.zipCode, 'zipCode')), source: 'zipCode' };
      else if (profile.zipCode) {
        const point = await deps.geocoder.geocode({
          country: 'Deutschland',
          city: '',
          zipCode: profile.zipCode,
          street: null,
          streetNumber: null,
        });
        // A profile postcode we no longer know leaves the feed without a centre instead of failing.
        if (point) centre = { lat: point.lat, lng: point.lng, source: 'profile' };
      }
      if (query.sort === 'nearest' && !centre)
        throw new AppError('VALIDATION_FAILED', {
          message: CANDIDATE_FEED_MESSAGES.nearestNeedsPlace,
          fieldErrors: { sort: CANDIDATE_FEED_MESSAGES.nearestNeedsPlace },
        });
      const types = query.type ?? (profile.wantedTypes.length > 0 ? profile.wantedTypes : undefined);
      const fromProfile = query.occupation === undefined && profile.wantedFields.length > 0;
      const rows = await repo.page({
        applicantId: user.userId,
        types,
        occupations: query.occupation ?? (fromProfile ? profile.wantedFields : undefined),
        // The profile's wanted fields narrow postings with an occupation; holiday jobs and the like have none.
        occupationsIncludeNone: fromProfile,
        startFrom: query.startFrom,
        startTo: query.startTo,
        near: centre ? { lat: centre.lat, lng: centre.lng, radiusKm: query.distanceKm } : undefined,
        sort: query.sort,
        includeActedOn: query.includeActedOn,
        postingCondition: deps.postingAgeCondition?.(profile.dateOfBirth, deps.clock()),
        after,
        limit: query.limit,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const interestsToday = await deps.interestsToday(user.userId);
      return {
        items: page.map(toItem),
        nextCursor:
          rows.length > query.limit && last
            ? encodeFeedCursor({ sort: query.sort, key: last.sortKey, id: last.id })
            : null,
        centre,
        interestsToday,
      };
    },

    /** The candidate's state per posting, for the other candidate lists and the detail. */
    async myStates(applicantId: string, vacancyIds: string[]): Promise<Map<string, MyPostingState>> {
      const states = await repo.statesOf(applicantId, vacancyIds);
      return new Map([...states].map(([id, state]) => [id, myStateOf(state.matchingState, state.dismissed)]));
    },

    /** "Nicht interessiert": idempotent; an existing interest keeps its state (myState tells). */
    async dismiss(actor: SessionActor | null, vacancyId: string): Promise<Dismissal> {
      const user = requireApplicant(actor);
      await assertVisible(vacancyId);
      const at = await repo.dismiss(user.userId, vacancyId, deps.clock());
      await deps.events.publish({ type: 'dismissal.changed', applicantId: user.userId, vacancyId });
      const states = await repo.statesOf(user.userId, [vacancyId]);
      const state = states.get(vacancyId);
      return {
        vacancyId,
        dismissedAt: at.toISOString(),
        myState: myStateOf(state?.matchingState ?? null, state?.dismissed ?? true),
      };
    },

    /** Undo: 204, or 404 when the posting was not dismissed. Works for postings no longer visible too. */
    async undismiss(actor: SessionActor | null, vacancyId: string): Promise<void> {
      const user = requireApplicant(actor);
      if (!isUuid(vacancyId) || !(await repo.undismiss(user.userId, vacancyId)))
        throw new AppError('NOT_FOUND', { message: CANDIDATE_FEED_MESSAGES.notDismissed });
      await deps.events.publish({ type: 'dismissal.changed', applicantId: user.userId, vacancyId });
    },
  };
}

export type FeedService = ReturnType<typeof createFeedService>;
