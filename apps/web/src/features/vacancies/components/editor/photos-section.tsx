import { MAX_PHOTOS_PER_VACANCY } from '@matchwerk/shared';
import { useTranslation } from '../../../../lib/i18n';
import { FormSection } from '../../../../components/layout/form-section';
import { PhotoUploader } from '../../../../components/photos/photo-uploader';
import type { useVacancyPhotos } from '../use-vacancy-photos';

export interface PhotosSectionProps {
  creating: boolean;
  photos: ReturnType<typeof useVacancyPhotos>;
  /** An upload error passed on from creating the posting. */
  notice: string | undefined;
  disabled: boolean;
}

export function PhotosSection({ creating, photos, notice, disabled }: PhotosSectionProps) {
  const { t } = useTranslation();
  return (
    <FormSection
      title={t('vacancies.photosTitle')}
      description={creating ? t('vacancies.photosDescriptionCreate') : t('vacancies.photosDescriptionEdit')}
    >
      <PhotoUploader
        items={photos.items}
        max={MAX_PHOTOS_PER_VACANCY}
        pickLabel={t('vacancies.photosPick')}
        altFor={(index) => t('vacancies.photoAlt', { n: String(index + 1) })}
        onFiles={(files) => void photos.addFiles(files)}
        onRemove={photos.remove}
        onMove={photos.move}
        coverLabel={t('vacancies.cover')}
        error={photos.error ?? notice}
        status={photos.status}
        disabled={disabled}
        removeDialog={{ title: t('vacancies.photoRemoveTitle'), text: t('vacancies.photoRemoveText') }}
      />
    </FormSection>
  );
}
