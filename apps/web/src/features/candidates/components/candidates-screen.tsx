import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  href,
  ROUTES,
  type MatchingGroup,
  type OrganizationMatching,
  type OrganizationMatchingsResponse,
} from '@matchwerk/shared';
import { useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { Page } from '../../../components/layout/page';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useUiStore } from '../../../stores/ui-store';
import { useMarkMatchingsSeenOnOpen } from '../../unread';
import {
  itemsOf,
  MATCHING_GROUPS,
  matchingGroupQueryOptions,
  matchingKeys,
  useSetMatchingResult,
  type MatchingDecision,
  type MatchingPages,
} from '../api/matchings-api';
import { matchingFiltersFrom, withMatchingFilters, type MatchingFilters as Filters } from '../api/follow-up-api';
import { MatchingFilters } from './matching-filters';
import { ResponseStatsSummary } from './response-stats-summary';
import { MatchingList } from './matching-list';

type Group = MatchingGroup;
type Counts = OrganizationMatchingsResponse['counts'];

/** Tab order and the `?status=` value each tab keeps in the URL (German, readable in the address bar). */
const GROUPS: readonly { group: Group; param: string }[] = [
  { group: 'open', param: 'offen' },
  { group: 'accepted', param: 'angenommen' },
  { group: 'rejected', param: 'abgelehnt' },
];

/** The tab the URL names; the open requests when it names none. */
export function matchingGroupFrom(search: URLSearchParams): Group {
  return GROUPS.find((g) => g.param === search.get('status'))?.group ?? 'open';
}

const TEXTS = {
  open: { tab: 'candidates.tabOpen', table: 'candidates.tableOpen', empty: 'candidates.emptyOpen' },
  accepted: { tab: 'candidates.tabAccepted', table: 'candidates.tableAccepted', empty: 'candidates.emptyAccepted' },
  rejected: { tab: 'candidates.tabRejected', table: 'candidates.tableRejected', empty: 'candidates.emptyRejected' },
} as const;

function LoadingList({ withTabs = true }: { withTabs?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: withTabs ? 2 : 0 }} role="status" aria-label={t('common.loading')}>
      {withTabs && <Skeleton variant="rounded" height={40} sx={{ mb: 2, maxWidth: 480 }} />}
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={56} sx={{ mb: 1 }} />
      ))}
    </Box>
  );
}

/** The same matching, looked up again in every loaded group (its state may have changed). */
function findMatching(queryClient: QueryClient, target: OrganizationMatching | null, filters: Filters) {
  if (!target) return target;
  const all = MATCHING_GROUPS.flatMap((group) =>
    itemsOf(queryClient.getQueryData<MatchingPages>(matchingKeys.group(group, filters)), group),
  );
  return all.find((m) => m.vacancyId === target.vacancyId && m.applicantId === target.applicantId) ?? target;
}

/** The counts of the newest answer of any group: tabs keep their numbers while another tab loads. */
function latestCounts(queryClient: QueryClient, filters: Filters): Counts | undefined {
  let latest: { counts: Counts; at: number } | undefined;
  for (const group of MATCHING_GROUPS) {
    const state = queryClient.getQueryState<MatchingPages>(matchingKeys.group(group, filters));
    const counts = state?.data?.pages[0]?.counts;
    if (counts && (!latest || state.dataUpdatedAt > latest.at)) latest = { counts, at: state.dataUpdatedAt };
  }
  return latest?.counts;
}

/** Anfragen (spec §2 Candidates): matchings grouped as open, accepted and rejected. */
// The dialogs open on a click: they load after the list's first paint, not before it.
const loadProfileDialog = () => import('./candidate-profile-dialog');
const loadDeclineDialog = () => import('./decline-dialog');
const CandidateProfileDialog = lazy(() => loadProfileDialog().then((m) => ({ default: m.CandidateProfileDialog })));
const DeclineDialog = lazy(() => loadDeclineDialog().then((m) => ({ default: m.DeclineDialog })));
/** After the first paint, so that the first click opens a dialog without waiting for the network. */
const DIALOG_PRELOAD_DELAY_MS = 2000;

export function CandidatesScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const mobileView = useUiStore((s) => s.mobileView);
  const showSnackbar = useUiStore((s) => s.showSnackbar);
  const showError = useUiStore((s) => s.showError);
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const setResult = useSetMatchingResult();
  // Opening Anfragen marks the new interest seen for this user (ADR 0040); the list itself
  // reloads when the sidebar's unread poll reports changed matchings.
  useMarkMatchingsSeenOnOpen();
  useEffect(() => {
    // A failed preload is left to the dialog's own load on the click, which shows the error page.
    const preload = () => Promise.all([loadProfileDialog(), loadDeclineDialog()]).catch(() => undefined);
    const timer = window.setTimeout(() => void preload(), DIALOG_PRELOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const [profileOf, setProfileOf] = useState<OrganizationMatching | null>(null);
  // The matching stays set while the dialog fades out, so its text does not vanish.
  const [decline, setDecline] = useState<{ open: boolean; matching: OrganizationMatching | null }>({
    open: false,
    matching: null,
  });
  const panelRef = useRef<HTMLDivElement>(null);
  const baseId = useId();

  const active = matchingGroupFrom(searchParams);
  // Posting, name search and sort (issue 14), kept in the URL beside the tab.
  const filters = useMemo(() => matchingFiltersFrom(searchParams), [searchParams]);
  const isFiltered = filters.vacancyId !== '' || filters.search.trim() !== '';
  // One group at a time, a page at a time (ADR 0029); the other tabs load when chosen.
  const query = useInfiniteQuery(matchingGroupQueryOptions(active, filters));
  const counts = latestCounts(queryClient, filters);
  const selectTab = (group: Group) => {
    const param = GROUPS.find((g) => g.group === group)?.param ?? 'offen';
    const next = withMatchingFilters(new URLSearchParams(), filters);
    if (group !== 'open') next.set('status', param);
    setSearchParams(next, { replace: true });
  };
  const changeFilters = useCallback(
    (next: Filters) => setSearchParams((current) => withMatchingFilters(current, next), { replace: true }),
    [setSearchParams],
  );

  const decide = async (matching: OrganizationMatching, decision: MatchingDecision, message?: string) => {
    const organizationId = user?.organizationId;
    if (!organizationId) return;
    setProfileOf(null);
    setDecline((current) => ({ ...current, open: false }));
    // The row leaves the list at once: keep keyboard focus in the list instead of losing it.
    // After this render, so the closing dialog's focus restore (to the removed button) comes first.
    window.setTimeout(() => panelRef.current?.focus(), 0);
    try {
      await setResult.mutateAsync({ matching, decision, organizationId, filters, ...(message ? { message } : {}) });
      if (decision === 'ACCEPTED') {
        showSnackbar(t('candidates.accepted'));
        await navigate(href('Chat', { id: matching.applicantId }));
      } else {
        showSnackbar(t('candidates.declined'));
      }
    } catch (error) {
      // Logged by the query client's error handler. 409: decided elsewhere in the meantime; the list has been refreshed.
      if (isApiError(error) && error.status === 409) showSnackbar(t('candidates.alreadyDecided'));
      else showError();
    }
  };

  const handlers = {
    onAccept: (matching: OrganizationMatching) => void decide(matching, 'ACCEPTED'),
    onDecline: (matching: OrganizationMatching) => setDecline({ open: true, matching }),
    onShowProfile: (matching: OrganizationMatching) => setProfileOf(matching),
  };

  let panel;
  if (query.isPending) panel = <LoadingList withTabs={false} />;
  else if (query.isError) panel = <ErrorState onRetry={() => void query.refetch()} />;
  else {
    const items = itemsOf(query.data, active);
    const total = counts?.[active] ?? items.length;
    panel =
      items.length === 0 ? (
        <EmptyState
          text={
            isFiltered
              ? t('candidateFollowUp.emptyFiltered')
              : t(active === 'open' && !user?.organizationId ? 'candidates.emptyOpenNeutral' : TEXTS[active].empty)
          }
        />
      ) : (
        <>
          <MatchingList
            matchings={items}
            label={t(TEXTS[active].table)}
            asCards={mobileView}
            declineAfterDays={query.data.pages[0]?.declineAfterDays}
            {...handlers}
          />
          {query.isFetchNextPageError && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t('candidates.olderFailed')}
            </Alert>
          )}
          {query.hasNextPage && (
            <Box
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap', gap: 2, mt: 2 }}
            >
              <Typography variant="body2" color="text.secondary">
                {t('candidates.shownOf', { shown: String(items.length), count: total })}
              </Typography>
              <Button variant="outlined" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? t('candidates.loadingOlder') : t('candidates.loadOlder')}
              </Button>
            </Box>
          )}
        </>
      );
  }

  // Before the first answer there are no counts for the tabs: one skeleton for all.
  const content =
    !counts && query.isPending ? (
      <LoadingList />
    ) : (
      <>
        <Tabs
          value={active}
          onChange={(_event, value: Group) => selectTab(value)}
          aria-label={t('candidates.tabsLabel')}
          // Phones: all three tabs visible side by side instead of a scrolling strip.
          variant={mobileView ? 'fullWidth' : 'standard'}
          sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 1 } }}
        >
          {GROUPS.map(({ group }) => (
            <Tab
              key={group}
              value={group}
              id={`${baseId}-tab-${group}`}
              aria-controls={`${baseId}-panel`}
              label={t(TEXTS[group].tab, { count: counts?.[group] ?? 0 })}
              sx={mobileView ? { minWidth: 0, px: 0.5, fontSize: '0.8125rem' } : undefined}
            />
          ))}
        </Tabs>
        <Box
          ref={panelRef}
          id={`${baseId}-panel`}
          role="tabpanel"
          aria-labelledby={`${baseId}-tab-${active}`}
          tabIndex={-1}
          sx={{ p: { xs: 1.5, sm: 2 }, outline: 'none' }}
        >
          {panel}
        </Box>
      </>
    );

  const declining = decline.matching;
  const profileMatching = findMatching(queryClient, profileOf, filters);
  const profileOpened = useOpenedOnce(profileMatching != null);
  const declineOpened = useOpenedOnce(decline.open);
  return (
    <Page
      title={ROUTES.Candidates.title}
      // A partner or admin reads about "the companies' postings", not "Ihre" (issue 48 item 11).
      intro={t(user?.organizationId ? 'candidates.intro' : 'candidates.introNeutral')}
      maxWidth={1280}
    >
      <Box sx={{ mb: 2 }}>
        <ResponseStatsSummary />
      </Box>
      <Paper variant="outlined" aria-busy={query.isFetching} sx={{ pt: 1 }}>
        {/* Outside the loading states: stays mounted (and focused) while a new filter loads. */}
        <MatchingFilters filters={filters} onChange={changeFilters} />
        {content}
      </Paper>
      <Suspense fallback={null}>
        {profileOpened && (
          <CandidateProfileDialog
            matching={profileMatching}
            fullScreen={mobileView}
            onClose={() => setProfileOf(null)}
            {...handlers}
          />
        )}
        {declineOpened && (
          <DeclineDialog
            open={decline.open}
            matching={declining}
            onConfirm={(message) => declining && void decide(declining, 'REJECTED', message)}
            onClose={() => setDecline((current) => ({ ...current, open: false }))}
          />
        )}
      </Suspense>
    </Page>
  );
}
