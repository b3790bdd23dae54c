import { href, type VacancyListItem } from '@matchwerk/shared';
import { apiErrorMessage } from '../../../lib/form';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { useUiStore } from '../../../stores/ui-store';
import { useDuplicateVacancy } from '../api/vacancies-api';

/** "Duplizieren" in the posting list: creates the inactive copy and opens it in the editor (ADR 0042). */
export function useDuplicateAction() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showSnackbar = useUiStore((s) => s.showSnackbar);
  const duplicate = useDuplicateVacancy();
  return {
    pendingId: duplicate.isPending ? duplicate.variables : undefined,
    run: (item: VacancyListItem) =>
      duplicate.mutate(item.id, {
        onSuccess: ({ vacancy, photosNotCopied }) => {
          showSnackbar(t('vacancies.duplicated'));
          void navigate(href('EditVacancy', { id: vacancy.id }), { state: { duplicated: { photosNotCopied } } });
        },
        onError: (error) => showSnackbar(apiErrorMessage(error) ?? t('feedback.actionFailed')),
      }),
  };
}
