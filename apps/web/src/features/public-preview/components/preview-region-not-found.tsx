import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { publicPreviewPath, REGION_OPTIONS } from '@matchwerk/shared';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from '../../../lib/router';
import { Page } from '../../../components/layout/page';
import { PublicFrame } from './public-frame';

/** `/vorschau-<unknown>`: a German "not found" with the regions that exist. */
export function PreviewRegionNotFound() {
  const { t } = useTranslation();
  return (
    <PublicFrame>
      <Page title={t('preview.regionNotFoundTitle')}>
        <Typography sx={{ mb: 1 }}>{t('preview.regionNotFoundText')}</Typography>
        <ul>
          {REGION_OPTIONS.filter((option) => option.value !== 'OTHER').map((option) => (
            <li key={option.value}>
              <Link component={RouterLink} to={publicPreviewPath(option.value)}>
                {option.label}
              </Link>
            </li>
          ))}
        </ul>
      </Page>
    </PublicFrame>
  );
}
