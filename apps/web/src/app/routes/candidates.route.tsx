import '../../lib/locales/register-marketplace-texts';
import { matchingFiltersFrom } from '../../features/candidates/api/follow-up-api';
import { matchingGroupQueryOptions } from '../../features/candidates/api/matchings-api';
import { CandidatesScreen, matchingGroupFrom } from '../../features/candidates/components/candidates-screen';
import type { RoutePrefetch } from '../route-prefetch';

export function Component() {
  return <CandidatesScreen />;
}

/** The first page of the tab the URL names, with its filters: what the screen opens with. */
export const prefetch: RoutePrefetch = (queryClient, { searchParams }) => {
  const options = matchingGroupQueryOptions(matchingGroupFrom(searchParams), matchingFiltersFrom(searchParams));
  void queryClient.prefetchInfiniteQuery(options);
};
