import Button from '@mui/material/Button';
import { useTranslation } from '../../lib/i18n';
import { Link as RouterLink } from '../../lib/router';
import { Page } from '../layout/page';
import { EmptyState } from './empty-state';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('feedback.notFoundTitle')}>
      <EmptyState
        text={t('feedback.notFoundText')}
        action={
          <Button variant="contained" component={RouterLink} to="/">
            {t('feedback.toStart')}
          </Button>
        }
      />
    </Page>
  );
}
