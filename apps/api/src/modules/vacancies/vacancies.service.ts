import {
  berlinToday,
  canManageOrganization,
  datesCheckedFor,
  DUPLICATE_TITLE_SUFFIX,
  GEOCODE_WARNING,
  MAX_PHOTOS_PER_VACANCY,
  type Region,
  type Vacancy,
  type VacancyInputParsed,
  type vacancyListQuerySchema,
  type VacancyDuplicateResponse,
  type VacancyListResponse,
  type VacancySaveResponse,
} from '@matchwerk/shared';
import type { z } from 'zod';
import { requireActor, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import type { DomainEventPublisher } from '../../events/domain-events';
import { AppError } from '../../errors/app-error';
import type { Geocoder } from '../geocoding';
import type { ImagesService, ImageFile } from '../images';
import type { OrganizationsRepository } from '../organizations';
import { toVacancy, toVacancyListItem, type VacancyWithRelations } from './vacancies.mapper';
import { listKeyOf, type VacanciesRepository, type VacancyScope, type VacancyValues } from './vacancies.repository';
import { decodeVacancyCursor, encodeVacancyCursor } from './vacancy-cursor';
import {
  assertBenefitsOffered,
  assertPostingDates,
  assertSchedule,
  SCHEDULE_MESSAGES,
  toVacancyValues,
} from './vacancy-values';

export type VacancyListQueryParsed = z.output<typeof vacancyListQuerySchema>;

export interface VacanciesServiceDeps {
  vacanciesRepository: VacanciesRepository;
  organizationsRepository: OrganizationsRepository;
  images: ImagesService;
  geocoder: Geocoder;
  /** Saved, (de)activated and deleted postings are told here after their commit (ADR 0092). */
  events: DomainEventPublisher;
  clock: () => Date;
}

export const PHOTO_MESSAGES = {
  tooMany: `Eine Stellenanzeige kann höchstens ${MAX_PHOTOS_PER_VACANCY} Fotos haben. Bitte löschen Sie zuerst ein Foto.`,
  notPermutation: 'Die Reihenfolge muss jedes Foto der Stellenanzeige genau einmal enthalten.',
  unknownPhoto: 'Mindestens ein Foto gehört nicht zu dieser Stellenanzeige.',
} as const;

export function createVacanciesService(deps: VacanciesServiceDeps) {
  const repo = deps.vacanciesRepository;

  function requireVacancyUser(actor: SessionActor | null): SessionActor {
    return requireActor(actor, { legal: true, area: 'vacancies' });
  }

  /** The vacancy if the actor may manage its organisation; unknown and someone else's both 404 (ids reveal nothing). */
  async function loadManaged(
    actor: SessionActor | null,
    id: string,
  ): Promise<{ user: SessionActor; vacancy: VacancyWithRelations }> {
    const user = requireVacancyUser(actor);
    const vacancy = isUuid(id) ? await repo.findById(id) : null;
    if (!vacancy || !canManageOrganization(user, vacancy.organization)) throw new AppError('NOT_FOUND');
    return { user, vacancy };
  }

  /**
   * Who may see a posting and its photos. Today: those who manage it. Hook for the candidate
   * API (next issue): applicants may see ACTIVE postings — add that rule here, nowhere else.
   */
  function maySee(user: SessionActor, posting: { organization: { id: string; region: Region } }): boolean {
    return canManageOrganization(user, posting.organization);
  }

  async function loadVisible(actor: SessionActor | null, id: string): Promise<VacancyWithRelations> {
    const user = requireVacancyUser(actor);
    const vacancy = isUuid(id) ? await repo.findById(id) : null;
    if (!vacancy || !maySee(user, vacancy)) throw new AppError('NOT_FOUND');
    return vacancy;
  }

  async function reload(id: string): Promise<Vacancy> {
    const vacancy = await repo.findById(id);
    if (!vacancy) throw new AppError('NOT_FOUND');
    return toVacancy(vacancy);
  }

  /** Sanitises the rich text, derives the excerpt and geocodes the address (a miss only warns). */
  async function toValues(
    input: VacancyInputParsed,
  ): Promise<{ values: VacancyValues; geocodeWarning: string | null }> {
    const geo = await deps.geocoder.geocode({
      country: input.location.country,
      city: input.location.city,
      zipCode: input.location.zipCode,
      street: input.location.street,
      streetNumber: input.location.streetNumber,
    });
    return { values: toVacancyValues(input, geo), geocodeWarning: geo ? null : GEOCODE_WARNING };
  }

  return {
    /** Organisation users: own postings with image; admins: all; partners: their regions; no images for either (spec §6). */
    async list(actor: SessionActor | null, query: VacancyListQueryParsed): Promise<VacancyListResponse> {
      const user = requireVacancyUser(actor);
      let scope: VacancyScope;
      if (user.type === 'ORGANIZATION') {
        if (!user.organizationId)
          return {
            items: [],
            total: 0,
            totalExact: true,
            page: query.page,
            pageSize: query.pageSize,
            nextCursor: null,
          };
        scope = { kind: 'organization', organizationId: user.organizationId };
      } else if (user.type === 'REGIONAL_PARTNER') {
        scope = { kind: 'regions', regions: [...user.regions] };
      } else {
        scope = { kind: 'all' };
      }
      const key = listKeyOf(query.sort, query.order, scope);
      const after = query.cursor
        ? decodeVacancyCursor(query.cursor, {
            sort: query.sort,
            order: query.order,
            keyTypes: key.parts.map((part) => part.type),
          })
        : undefined;
      const { items, total, totalExact, nextKey } = await repo.list({
        scope,
        page: query.page,
        pageSize: query.pageSize,
        sort: query.sort,
        order: query.order,
        search: query.search || undefined,
        organizationId: query.organizationId,
        withImage: user.type === 'ORGANIZATION',
        after,
      });
      return {
        items: items.map(toVacancyListItem),
        total,
        totalExact,
        page: query.page,
        pageSize: query.pageSize,
        nextCursor: nextKey ? encodeVacancyCursor({ sort: query.sort, order: query.order, key: nextKey }) : null,
      };
    },

    async get(actor: SessionActor | null, id: string): Promise<Vacancy> {
      return toVacancy(await loadVisible(actor, id));
    },

    /** New postings start inactive ("Speichern"); the editor's "Speichern und aktivieren" calls activate afterwards. */
    async create(
      actor: SessionActor | null,
      organizationId: string,
      input: VacancyInputParsed,
    ): Promise<VacancySaveResponse> {
      const user = requireVacancyUser(actor);
      const organization = isUuid(organizationId) ? await deps.organizationsRepository.findById(organizationId) : null;
      if (!organization || !canManageOrganization(user, { id: organization.id, region: organization.region }))
        throw new AppError('NOT_FOUND');
      assertPostingDates(datesCheckedFor(input), deps.clock(), null);
      assertSchedule(input, false);
      const { values, geocodeWarning } = await toValues(input);
      const id = await repo.create(organization.id, values, deps.clock());
      await deps.events.publish({ type: 'vacancy.saved', organizationId: organization.id, vacancyId: id });
      return { vacancy: await reload(id), geocodeWarning };
    },

    /**
     * Saves the form. `expectedVersions` (from If-Match; undefined without the header: other API
     * clients may still write unconditionally) makes it a compare-and-set: a stale version gets
     * 412 PRECONDITION_FAILED and nothing is written.
     */
    async update(
      actor: SessionActor | null,
      id: string,
      input: VacancyInputParsed,
      expectedVersions?: readonly number[],
    ): Promise<VacancySaveResponse> {
      const { vacancy } = await loadManaged(actor, id);
      // Fail fast before geocoding; the atomic check is the UPDATE below.
      if (expectedVersions && !expectedVersions.includes(vacancy.row.version))
        throw new AppError('PRECONDITION_FAILED');
      assertBenefitsOffered(input);
      assertPostingDates(datesCheckedFor(input), deps.clock(), {
        start: vacancy.row.start,
        startOfTraining: vacancy.row.startOfTraining,
      });
      assertSchedule(input, vacancy.row.active);
      const { values, geocodeWarning } = await toValues(input);
      const saved = await repo.update(id, values, deps.clock(), expectedVersions);
      if (saved === 'STALE') throw new AppError('PRECONDITION_FAILED');
      if (!saved) throw new AppError('NOT_FOUND');
      await deps.events.publish({ type: 'vacancy.saved', organizationId: vacancy.row.organizationId, vacancyId: id });
      return { vacancy: toVacancy(saved), geocodeWarning };
    },

    /**
     * Activating by hand replaces a planned publication day (ADR 0042) and is refused after the
     * application deadline (the schedule job would deactivate it again at once).
     */
    async setActive(actor: SessionActor | null, id: string, active: boolean): Promise<Vacancy> {
      const { vacancy } = await loadManaged(actor, id);
      const now = deps.clock();
      if (active && vacancy.row.applicationDeadline && vacancy.row.applicationDeadline < berlinToday(now)) {
        throw new AppError('CONFLICT', { message: SCHEDULE_MESSAGES.deadlinePassed });
      }
      const saved = await repo.update(id, active ? { active, publishOn: null } : { active }, now);
      if (!saved || saved === 'STALE') throw new AppError('NOT_FOUND');
      await deps.events.publish({
        type: active ? 'vacancy.activated' : 'vacancy.deactivated',
        organizationId: vacancy.row.organizationId,
        vacancyId: id,
      });
      return toVacancy(saved);
    },

    /**
     * "Duplizieren": an inactive copy titled "… (Kopie)" with every field and copies of the photo
     * files (the copy owns its files: deleting either posting leaves the other's photos). No
     * publication day is copied — the copy must not go live unseen. A photo whose file is missing
     * is counted in `photosNotCopied`, not skipped silently.
     */
    async duplicate(actor: SessionActor | null, id: string): Promise<VacancyDuplicateResponse> {
      const { vacancy } = await loadManaged(actor, id);
      const {
        id: _id,
        organizationId,
        organizationName: _organizationName,
        organizationRegion: _organizationRegion,
        active: _active,
        createdAt: _createdAt,
        updatedAt: _updatedAt,
        version: _version,
        ...values
      } = vacancy.row;
      const copyId = await repo.create(
        organizationId,
        { ...values, title: `${values.title}${DUPLICATE_TITLE_SUFFIX}`, publishOn: null },
        deps.clock(),
      );
      let photosNotCopied = 0;
      for (const photoId of vacancy.photoIds) {
        const photo = await repo.findPhoto(photoId);
        const image = photo ? await deps.images.read(photo.storageKey, photo.mimeType) : null;
        if (!image) {
          photosNotCopied += 1;
          continue;
        }
        await deps.images.storeThen(image.data, async (file) => {
          const appended = await repo.appendPhoto(
            copyId,
            { ownerKind: 'vacancy', organizationId, vacancyId: copyId, ...file },
            MAX_PHOTOS_PER_VACANCY,
          );
          if (appended === 'FULL') throw new AppError('CONFLICT', { message: PHOTO_MESSAGES.tooMany });
          return appended;
        });
      }
      await deps.events.publish({ type: 'vacancy.saved', organizationId, vacancyId: copyId });
      return { vacancy: await reload(copyId), photosNotCopied };
    },

    /** Deletes the posting (photo rows — and later its applications — by cascade), then its files. */
    async remove(actor: SessionActor | null, id: string): Promise<void> {
      const { vacancy } = await loadManaged(actor, id);
      const keys = await repo.delete(id);
      await deps.events.publish({ type: 'vacancy.deleted', organizationId: vacancy.row.organizationId, vacancyId: id });
      await deps.images.discard(keys);
    },

    /** Access check only — lets the route refuse before it reads an upload. */
    async assertCanManage(actor: SessionActor | null, id: string): Promise<void> {
      await loadManaged(actor, id);
    },

    async addPhoto(actor: SessionActor | null, id: string, data: Buffer): Promise<{ photoId: string }> {
      const { vacancy } = await loadManaged(actor, id);
      if (vacancy.photoIds.length >= MAX_PHOTOS_PER_VACANCY)
        throw new AppError('CONFLICT', { message: PHOTO_MESSAGES.tooMany });
      const result = await deps.images.storeThen(data, async (file) => {
        const appended = await repo.appendPhoto(
          id,
          { ownerKind: 'vacancy', organizationId: vacancy.row.organizationId, vacancyId: id, ...file },
          MAX_PHOTOS_PER_VACANCY,
        );
        // Throwing makes storeThen remove the file again.
        if (appended === 'FULL') throw new AppError('CONFLICT', { message: PHOTO_MESSAGES.tooMany });
        return appended;
      });
      await repo.touch(id, deps.clock());
      await deps.events.publish({ type: 'vacancy.saved', organizationId: vacancy.row.organizationId, vacancyId: id });
      return { photoId: result.id };
    },

    async deletePhotos(actor: SessionActor | null, id: string, photoIds: string[]): Promise<Vacancy> {
      const { vacancy } = await loadManaged(actor, id);
      const own = new Set(vacancy.photoIds);
      if (!photoIds.every((photoId) => own.has(photoId)))
        throw new AppError('VALIDATION_FAILED', { message: PHOTO_MESSAGES.unknownPhoto });
      const keys = await repo.deletePhotos(id, photoIds);
      await repo.touch(id, deps.clock());
      await deps.events.publish({ type: 'vacancy.saved', organizationId: vacancy.row.organizationId, vacancyId: id });
      await deps.images.discard(keys);
      return reload(id);
    },

    async reorderPhotos(actor: SessionActor | null, id: string, photoIds: string[]): Promise<Vacancy> {
      const { vacancy } = await loadManaged(actor, id);
      const current = [...vacancy.photoIds].sort();
      const wanted = [...photoIds].sort();
      if (current.length !== wanted.length || current.some((photoId, index) => photoId !== wanted[index])) {
        throw new AppError('VALIDATION_FAILED', { message: PHOTO_MESSAGES.notPermutation });
      }
      await repo.reorderPhotos(id, photoIds);
      await repo.touch(id, deps.clock());
      await deps.events.publish({ type: 'vacancy.saved', organizationId: vacancy.row.organizationId, vacancyId: id });
      return reload(id);
    },

    /**
     * A photo of a posting the actor may see, in one query with the access check: the posting
     * list shows one per row, and three reads (posting, its photo ids, the photo) cost 9 ms each
     * on the embedded database.
     */
    async getPhoto(actor: SessionActor | null, id: string, photoId: string): Promise<ImageFile> {
      const user = requireVacancyUser(actor);
      const photo = isUuid(id) && isUuid(photoId) ? await repo.findPhotoOfVacancy(id, photoId) : null;
      if (!photo || !maySee(user, photo)) throw new AppError('NOT_FOUND');
      return deps.images.locate(photo.storageKey, photo.mimeType);
    },
  };
}

export type VacanciesService = ReturnType<typeof createVacanciesService>;
