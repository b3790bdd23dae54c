import '../../lib/locales/register-company-texts';
import { useParams } from '../../lib/router';
import { VacancyEditorScreen } from '../../features/vacancies/components/vacancy-editor-screen';
import { useCurrentRouteName } from '../../lib/route-handle';

export function Component() {
  const route = useCurrentRouteName();
  const { id } = useParams();
  const editId = route === 'EditVacancy' && id ? id : null;
  return <VacancyEditorScreen key={editId ?? 'new'} id={editId} />;
}
