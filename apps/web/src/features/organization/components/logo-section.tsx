import Typography from '@mui/material/Typography';
import { LOGO_ASPECT_RATIO, type Organization } from '@matchwerk/shared';
import { useState } from 'react';
import { FormSection } from '../../../components/layout/form-section';
import { PhotoUploader, type PhotoItem } from '../../../components/photos/photo-uploader';
import { isAcceptedImage } from '../../../lib/image-compression';
import { apiErrorMessage } from '../../../lib/form';
import { i18n, useTranslation } from '../../../lib/i18n';
import { organizationPhotoUrl, useDeleteLogo, useUploadLogo } from '../api/organization-api';

function uploadErrorText(error: unknown): string {
  return apiErrorMessage(error) ?? i18n.t('feedback.actionFailed');
}

/** The logo is shown square; a wide logo may be fitted whole with a transparent margin. */
const LOGO_CROP = { aspect: LOGO_ASPECT_RATIO, allowMargin: true } as const;
/** Shown at 32–56 px and as a fallback preview image: 1024 px is plenty and encodes fast as WebP. */
const LOGO_MAX_EDGE_PX = 1024;

/** Logo: preview, pick or drop (cropped square and shrunk in the browser), remove. */
export function LogoSection({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const upload = useUploadLogo(organization.id);
  const remove = useDeleteLogo(organization.id);
  const [progress, setProgress] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<string | undefined>();

  const items: PhotoItem[] =
    upload.isPending && preview
      ? [{ key: 'uploading', src: preview, status: 'uploading', progress }]
      : organization.logoPhotoId
        ? [
            {
              key: organization.logoPhotoId,
              src: organizationPhotoUrl(organization.id, organization.logoPhotoId),
              status: 'saved',
            },
          ]
        : [];

  const onFiles = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    if (!isAcceptedImage(file)) {
      setError(t('photos.notAnImage'));
      return;
    }
    setError(undefined);
    setProgress(0);
    const url = URL.createObjectURL(file);
    setPreview(url);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => setStatus(t('organization.logoUploaded')),
        onError: (e) => setError(uploadErrorText(e)),
        onSettled: () => {
          URL.revokeObjectURL(url);
          setPreview(null);
        },
      },
    );
  };

  return (
    <FormSection title={t('organization.logoTitle')} description={t('organization.logoDescription')}>
      <PhotoUploader
        items={items}
        max={1}
        pickLabel={t('organization.logoPick')}
        altFor={() => t('organization.logoAlt', { name: organization.name })}
        onFiles={onFiles}
        onRemove={() =>
          remove.mutate(undefined, {
            onSuccess: () => setStatus(t('organization.logoRemoved')),
            onError: (e) => setError(uploadErrorText(e)),
          })
        }
        error={error}
        status={status}
        disabled={upload.isPending || remove.isPending}
        crop={LOGO_CROP}
        keepTransparency
        maxEdge={LOGO_MAX_EDGE_PX}
        removeDialog={{ title: t('organization.logoRemoveTitle'), text: t('organization.logoRemoveText') }}
      />
    </FormSection>
  );
}

/** In create mode the logo can only be added once the organisation exists. */
export function LogoSectionPlaceholder() {
  const { t } = useTranslation();
  return (
    <FormSection title={t('organization.logoTitle')}>
      <Typography color="text.secondary">{t('organization.logoAfterCreate')}</Typography>
    </FormSection>
  );
}
