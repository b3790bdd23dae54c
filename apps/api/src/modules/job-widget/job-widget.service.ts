/**
 * The job widget's data (issue #13, ADR 0038): what an employer's own website shows of its
 * postings — the same public fields as everywhere candidates look, nothing personal. Unknown,
 * waiting, inactive and deleted organisations all answer the same 404.
 */
import {
  apiPath,
  JOB_WIDGET_MESSAGES,
  JOB_WIDGET_PATHS,
  POSTING_TYPE_LABELS,
  publicPostingPath,
  type JobWidgetResponse,
} from '@matchwerk/shared';
import { isUuid } from '../../access/ids';
import { AppError } from '../../errors/app-error';
import type { ImagesService, ImageFile } from '../images';
import type { JobWidgetRepository } from './job-widget.repository';

export interface JobWidgetServiceDeps {
  repository: JobWidgetRepository;
  images: Pick<ImagesService, 'locate'>;
  /** PUBLIC_URL: links and image addresses are absolute, for pages on other origins. */
  publicUrl: string;
}

export function createJobWidgetService(deps: JobWidgetServiceDeps) {
  const origin = new URL(deps.publicUrl).origin;
  const absolute = (path: string) => `${origin}${path}`;
  const imageUrl = (organizationId: string, photoId: string) =>
    absolute(apiPath(JOB_WIDGET_PATHS.image, { organizationId, photoId }));

  return {
    async getWidget(organizationId: string): Promise<JobWidgetResponse> {
      const organization = isUuid(organizationId)
        ? await deps.repository.findVisibleOrganization(organizationId)
        : null;
      if (!organization) throw new AppError('NOT_FOUND', { message: JOB_WIDGET_MESSAGES.notFound });
      const postings = await deps.repository.listVisiblePostings(organizationId);
      return {
        organization: {
          name: organization.name,
          logoUrl: organization.logoPhotoId ? imageUrl(organizationId, organization.logoPhotoId) : null,
        },
        postings: postings.map((posting) => ({
          id: posting.id,
          title: posting.title,
          type: posting.type,
          typeLabel: POSTING_TYPE_LABELS[posting.type],
          city: posting.city,
          start: posting.start,
          imageUrl: posting.photoId ? imageUrl(organizationId, posting.photoId) : null,
          url: absolute(publicPostingPath(posting.id)),
        })),
      };
    },

    async getImage(organizationId: string, photoId: string): Promise<ImageFile> {
      const photo =
        isUuid(organizationId) && isUuid(photoId)
          ? await deps.repository.findPublicImage(organizationId, photoId)
          : null;
      const notFound = () => new AppError('NOT_FOUND', { message: JOB_WIDGET_MESSAGES.imageNotFound });
      if (!photo) throw notFound();
      return deps.images.locate(photo.storageKey, photo.mimeType, notFound);
    },
  };
}

export type JobWidgetService = ReturnType<typeof createJobWidgetService>;
