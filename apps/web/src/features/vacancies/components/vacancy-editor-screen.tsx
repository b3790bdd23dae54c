import Button from '@mui/material/Button';
import { ROUTES } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink, useLocation } from '../../../lib/router';
import { CenteredProgress } from '../../../components/feedback/centered-progress';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { Page } from '../../../components/layout/page';
import { isApiError } from '../../../lib/api-client';
import { vacancyQueryOptions } from '../api/vacancies-api';
import { VacancyEditor, type EditorNotice } from './vacancy-editor';

function isNotice(value: unknown): value is EditorNotice {
  return (
    typeof value === 'object' &&
    value !== null &&
    ('geocodeWarning' in value || 'photoError' in value || 'duplicated' in value)
  );
}

function EditExisting({ id }: { id: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const query = useQuery(vacancyQueryOptions(id));
  if (query.isPending) return <CenteredProgress />;
  if (query.isError) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 403)) {
      return (
        <EmptyState
          text={t('vacancies.notFound')}
          action={
            <Button variant="contained" component={RouterLink} to={ROUTES.Vacancies.path}>
              {t('vacancies.toList')}
            </Button>
          }
        />
      );
    }
    return <ErrorState onRetry={() => void query.refetch()} />;
  }
  const state: unknown = location.state;
  return <VacancyEditor key={id} vacancy={query.data} notice={isNotice(state) ? state : undefined} />;
}

/** /vacancies/new and /vacancies/:id: title from the route, the editor below. */
export function VacancyEditorScreen({ id }: { id: string | null }) {
  return (
    <Page title={id ? ROUTES.EditVacancy.title : ROUTES.NewVacancy.title} maxWidth={960}>
      {id ? <EditExisting id={id} /> : <VacancyEditor vacancy={null} />}
    </Page>
  );
}
