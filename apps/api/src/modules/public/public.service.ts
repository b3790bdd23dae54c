import {
  PUBLIC_MESSAGES,
  type PublicVacancy,
  type PublicVacancyListResponse,
  type PublicVacancyQueryParsed,
  type Region,
} from '@matchwerk/shared';
import { isUuid } from '../../access/ids';
import { AppError } from '../../errors/app-error';
import type { Geocoder } from '../geocoding';
import type { ImagesService, ImageFile } from '../images';
import { decodePublicCursor, encodePublicCursor } from './public-cursor';
import { toPublicListItem, toPublicVacancy } from './public.mapper';
import type { PublicRepository } from './public.repository';

export interface PublicServiceDeps {
  repository: PublicRepository;
  geocoder: Geocoder;
  images: ImagesService;
}

/**
 * The public marketplace: no actor, no permission check — what it answers is what anyone may
 * see (visibleToCandidates, public fields only). Used by the public API and the server-rendered pages.
 */
export function createPublicService(deps: PublicServiceDeps) {
  const { repository } = deps;

  async function centreOf(zipCode: string): Promise<{ lat: number; lng: number }> {
    const point = await deps.geocoder.geocode({
      country: 'Deutschland',
      city: '',
      zipCode,
      street: null,
      streetNumber: null,
    });
    if (!point)
      throw new AppError('VALIDATION_FAILED', {
        message: PUBLIC_MESSAGES.unknownZipCode,
        fieldErrors: { zipCode: PUBLIC_MESSAGES.unknownZipCode },
      });
    return point;
  }

  return {
    async listVacancies(query: PublicVacancyQueryParsed): Promise<PublicVacancyListResponse> {
      if (query.sort === 'distance' && !query.zipCode) {
        throw new AppError('VALIDATION_FAILED', {
          message: PUBLIC_MESSAGES.distanceNeedsZipCode,
          fieldErrors: { sort: PUBLIC_MESSAGES.distanceNeedsZipCode },
        });
      }
      const after = query.cursor ? decodePublicCursor(query.cursor, query.sort) : undefined;
      const near = query.zipCode ? { ...(await centreOf(query.zipCode)), radiusKm: query.radiusKm } : undefined;
      // One row more than the page tells whether another page follows.
      const [{ rows, total }, facets] = await Promise.all([
        repository.listVisible({
          region: query.region,
          type: query.type,
          occupation: query.occupation,
          place: query.place,
          near,
          sort: query.sort,
          after,
          limit: query.limit + 1,
        }),
        repository.facets(query.region),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const nextCursor =
        rows.length > query.limit && last ? encodePublicCursor(query.sort, [last.sortKey, last.id]) : null;
      return { items: page.map(toPublicListItem), total, nextCursor, facets };
    },

    /** A visible posting, or null (the pages answer their own 404). */
    async findVacancy(id: string): Promise<PublicVacancy | null> {
      if (!isUuid(id)) return null;
      const found = await repository.findVisible(id);
      return found ? toPublicVacancy(found.vacancy, found.organization, found.photos) : null;
    },

    async getVacancy(id: string): Promise<PublicVacancy> {
      const vacancy = await this.findVacancy(id);
      if (!vacancy) throw new AppError('NOT_FOUND', { message: PUBLIC_MESSAGES.notFound });
      return vacancy;
    },

    async getVacancyPhoto(id: string, photoId: string): Promise<ImageFile> {
      const photo = isUuid(id) && isUuid(photoId) ? await repository.findVisiblePhoto(id, photoId) : null;
      if (!photo) throw new AppError('NOT_FOUND');
      return deps.images.locate(photo.storageKey, photo.mimeType);
    },

    async getLogo(organizationId: string): Promise<ImageFile> {
      const logo = isUuid(organizationId) ? await repository.findActiveLogo(organizationId) : null;
      if (!logo) throw new AppError('NOT_FOUND');
      return deps.images.locate(logo.storageKey, logo.mimeType);
    },

    regionsWithPostings: () => repository.regionsWithPostings(),
    sitemapEntries: (region: Region) => repository.sitemapEntries(region),
  };
}

export type PublicService = ReturnType<typeof createPublicService>;
