import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { LIST_PAGE_SIZE_OPTIONS, ROUTES, type VacancyListItem } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useRenderInSlices, type SliceSizes } from '../../../lib/render-in-slices';
import { useSearchInput } from '../../../lib/search-input';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink, useSearchParams } from '../../../lib/router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListPagination } from '../../../components/lists/list-pagination';
import { OutlinedField } from '../../../components/form/outlined-field';
import { ErrorState } from '../../../components/feedback/error-state';
import { Page } from '../../../components/layout/page';
import { useSession } from '../../../lib/session';
import { useUiStore } from '../../../stores/ui-store';
import { vacancyListQueryOptions } from '../api/vacancies-api';
import {
  apiQueryOf,
  defaultListParams,
  listParamsFromSearch,
  searchFromListParams,
  toggleSort,
  type VacancyListParams,
} from '../lib/list-params';
import { createPageCursors, listKeyOf, paginationCount } from '../lib/page-cursors';
import { useDuplicateAction } from './use-duplicate-action';
import { VacancyCards } from './vacancy-cards';
import { VacancyTable } from './vacancy-table';

// The QR code library loads only when someone shares a link.
const ShareLinkDialog = lazy(() => import('./share-link-dialog').then((m) => ({ default: m.ShareLinkDialog })));

function CreateButton() {
  const { t } = useTranslation();
  return (
    <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={ROUTES.NewVacancy.path}>
      {t('vacancies.create')}
    </Button>
  );
}

/** Phone cards: about three fill the first screen. Table rows: about a dozen. */
const CARD_SLICES: SliceSizes = { first: 4, step: 2 };
const ROW_SLICES: SliceSizes = { first: 12, step: 13 };

function LoadingRows() {
  return (
    <Box sx={{ p: 2 }} aria-hidden>
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={48} sx={{ mb: 1 }} />
      ))}
    </Box>
  );
}

/** The list of postings: server-side paging, sorting and search; state in the URL. */
export function VacancyListScreen() {
  const { t } = useTranslation();
  const { user, isOrganization } = useSession();
  const mobileView = useUiStore((s) => s.mobileView);
  const [searchParams, setSearchParams] = useSearchParams();
  const defaults = useMemo(() => defaultListParams(user?.type), [user?.type]);
  const params = listParamsFromSearch(searchParams, defaults);
  const [sharing, setSharing] = useState<VacancyListItem | null>(null);
  const duplicate = useDuplicateAction();

  const update = (next: VacancyListParams) => setSearchParams(searchFromListParams(next, defaults), { replace: true });
  const [searchText, setSearchText] = useSearchInput(params.search, (search) => update({ ...params, search, page: 0 }));

  // Next and back go by cursor; a page reached otherwise (URL, reload, last page) by offset.
  const [cursors] = useState(createPageCursors);
  const listKey = listKeyOf(params);
  const query = useQuery(vacancyListQueryOptions(apiQueryOf(params, cursors.cursorFor(listKey, params.page))));
  const data = query.data;
  useEffect(() => {
    // Placeholder data is the previous page's: its cursor belongs to that page.
    if (data && !query.isPlaceholderData) cursors.remember(listKey, data.page, data.nextCursor);
  }, [cursors, listKey, data, query.isPlaceholderData]);
  // The rows that fill the first screen paint first, the rest a slice per task after it (ADR 0073).
  const rows = useRenderInSlices(data?.items, mobileView ? CARD_SLICES : ROW_SLICES);
  const showImages = isOrganization;
  const filtered = params.search.trim() !== '';

  let content;
  if (query.isPending || (!data && !query.isError)) content = <LoadingRows />;
  else if (query.isError)
    content = (
      <Box sx={{ p: 2 }}>
        <ErrorState onRetry={() => void query.refetch()} />
      </Box>
    );
  else if (data && data.items.length === 0 && data.total === 0)
    content = filtered ? (
      <Box sx={{ p: 2 }}>
        <EmptyState text={t('vacancies.noResults')} />
      </Box>
    ) : (
      <Box sx={{ p: 2 }}>
        <EmptyState text={t('vacancies.empty')} action={<CreateButton />} />
      </Box>
    );
  else if (data)
    content = (
      <>
        {mobileView ? (
          <Box sx={{ p: 1.5 }}>
            <VacancyCards
              items={rows.shown}
              showImages={showImages}
              onShare={setSharing}
              onDuplicate={duplicate.run}
              duplicatingId={duplicate.pendingId}
            />
          </Box>
        ) : (
          <VacancyTable
            items={rows.shown}
            params={params}
            showImages={showImages}
            // An employer's postings are all of its one company: the column could not matter (issue 48 item 5).
            showOrganization={!isOrganization}
            onSort={(field) => update(toggleSort(params, field))}
            onShare={setSharing}
            onDuplicate={duplicate.run}
            duplicatingId={duplicate.pendingId}
          />
        )}
        {rows.complete && (
          <ListPagination
            count={paginationCount(data, params.pageSize)}
            page={
              data.totalExact
                ? Math.min(params.page, Math.max(0, Math.ceil(data.total / params.pageSize) - 1))
                : params.page
            }
            rowsPerPage={params.pageSize}
            rowsPerPageOptions={LIST_PAGE_SIZE_OPTIONS}
            onPageChange={(page) => update({ ...params, page })}
            onRowsPerPageChange={(pageSize) => update({ ...params, pageSize, page: 0 })}
          />
        )}
      </>
    );

  return (
    <Page title={ROUTES.Vacancies.title} actions={<CreateButton />} maxWidth={1280}>
      <OutlinedField
        type="search"
        label={t('vacancies.search')}
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        onKeyDown={(event: KeyboardEvent) => {
          if (event.key === 'Enter') update({ ...params, search: searchText, page: 0 });
        }}
        helperText={t('vacancies.searchHelp')}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon aria-hidden />
          </InputAdornment>
        }
      />
      <Paper variant="outlined" aria-busy={query.isFetching}>
        {content}
      </Paper>
      {sharing && (
        <Suspense fallback={null}>
          <ShareLinkDialog vacancy={sharing} onClose={() => setSharing(null)} />
        </Suspense>
      )}
    </Page>
  );
}
