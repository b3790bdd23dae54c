import { VacancyListScreen } from '../../features/vacancies/components/vacancy-list-screen';

export function Component() {
  return <VacancyListScreen />;
}
