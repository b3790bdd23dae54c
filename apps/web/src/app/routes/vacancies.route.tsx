import '../../lib/locales/register-company-texts';
import { VacancyListScreen } from '../../features/vacancies/components/vacancy-list-screen';
import { vacancyListQueryOptions } from '../../features/vacancies/api/vacancies-api';
import { apiQueryOf, defaultListParams, listParamsFromSearch } from '../../features/vacancies/lib/list-params';
import type { RoutePrefetch } from '../route-prefetch';

export function Component() {
  return <VacancyListScreen />;
}

/** The page the list opens on: by offset, as the screen asks on its first load (no cursor yet). */
export const prefetch: RoutePrefetch = (queryClient, { searchParams, user }) => {
  const params = listParamsFromSearch(searchParams, defaultListParams(user.type));
  void queryClient.prefetchQuery(vacancyListQueryOptions(apiQueryOf(params)));
};
