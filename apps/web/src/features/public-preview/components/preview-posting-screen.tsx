import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { publicPreviewPath, type Region } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink, useSearchParams } from '../../../lib/router';
import { CenteredProgress } from '../../../components/feedback/centered-progress';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { Page } from '../../../components/layout/page';
import { useDocumentTitle } from '../../../lib/document-title';
import { isApiError } from '../../../lib/api-client';
import { publicVacancyQueryOptions } from '../api/public-api';
import { PostingDetail } from '../../../components/posting/posting-detail';
import { PublicFrame } from './public-frame';

export interface PreviewPostingScreenProps {
  region: Region;
  id: string;
}

function NotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('preview.notFoundTitle'));
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t('preview.notFoundTitle')}
      </Typography>
      <EmptyState text={t('preview.notFoundText')} />
    </Box>
  );
}

/** One posting of the external preview, with every public field, the photos, a map link and the app's call to action. */
export function PreviewPostingScreen({ region, id }: PreviewPostingScreenProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const query = useQuery(publicVacancyQueryOptions(id));
  const listSearch = searchParams.toString();
  const back = `${publicPreviewPath(region)}${listSearch ? `?${listSearch}` : ''}`;
  return (
    <PublicFrame>
      <Box sx={{ maxWidth: 900 }}>
        <Button component={RouterLink} to={back} startIcon={<ArrowBackIcon aria-hidden />} sx={{ mb: 2 }}>
          {t('preview.back')}
        </Button>
        {query.isPending && <CenteredProgress />}
        {query.isError &&
          (isApiError(query.error) && query.error.status === 404 ? (
            <NotFound />
          ) : (
            <ErrorState onRetry={() => void query.refetch()} />
          ))}
        {query.isSuccess && (
          <Page title={query.data.title}>
            <PostingDetail vacancy={query.data} />
          </Page>
        )}
      </Box>
    </PublicFrame>
  );
}
