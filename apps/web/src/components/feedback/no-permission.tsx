import Button from '@mui/material/Button';
import { UI_MESSAGES } from '@matchwerk/shared';
import { useTranslation } from '../../lib/i18n';
import { Link as RouterLink } from '../../lib/router';
import { Page } from '../layout/page';
import { EmptyState } from './empty-state';

export interface NoPermissionPageProps {
  landingPath: string;
}

export function NoPermissionPage({ landingPath }: NoPermissionPageProps) {
  const { t } = useTranslation();
  return (
    <Page title={t('feedback.noPermissionTitle')}>
      <EmptyState
        text={UI_MESSAGES.noPermission}
        action={
          <Button variant="contained" component={RouterLink} to={landingPath}>
            {t('feedback.toStart')}
          </Button>
        }
      />
    </Page>
  );
}
