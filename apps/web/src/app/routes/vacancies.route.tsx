import '../../lib/locales/register-company-texts';
import { VacancyListScreen } from '../../features/vacancies/components/vacancy-list-screen';

export function Component() {
  return <VacancyListScreen />;
}
