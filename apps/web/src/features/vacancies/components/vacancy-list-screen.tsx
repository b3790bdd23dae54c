import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SearchIcon from '@mui/icons-material/Search';
import ShareIcon from '@mui/icons-material/Share';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import IconButton from '@mui/material/IconButton';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { LIST_PAGE_SIZE_OPTIONS, ROUTES, href, type VacancyListItem } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useRenderInSlices, type SliceSizes } from '../../../lib/render-in-slices';
import { useSearchInput } from '../../../lib/search-input';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink, useNavigate, useSearchParams } from '../../../lib/router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListPagination } from '../../../components/lists/list-pagination';
import { OutlinedField } from '../../../components/form/outlined-field';
import { ErrorState } from '../../../components/feedback/error-state';
import { Page } from '../../../components/layout/page';
import { formatCalendarDay } from '../../../lib/calendar-day';
import { useSession } from '../../../lib/session';
import { useUiStore } from '../../../stores/ui-store';
import { useDuplicateVacancy, vacancyListQueryOptions, vacancyPhotoUrl } from '../api/vacancies-api';
import { scheduleLabels } from '../lib/schedule-labels';
import { apiErrorMessage } from '../../../lib/form';
import {
  apiQueryOf,
  defaultListParams,
  listParamsFromSearch,
  searchFromListParams,
  toggleSort,
  type VacancyListParams,
  type VacancySortField,
} from '../lib/list-params';
import { createPageCursors, listKeyOf, paginationCount } from '../lib/page-cursors';
import { VacancyActivity } from './vacancy-activity';
import { VacancyThumbnail } from './vacancy-thumbnail';
import { visuallyHidden } from '@mui/utils';

// The QR code library loads only when someone shares a link.
const ShareLinkDialog = lazy(() => import('./share-link-dialog').then((m) => ({ default: m.ShareLinkDialog })));

function StatusChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={active ? t('vacancies.active') : t('vacancies.inactive')}
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
    />
  );
}

/** Planned publication day and deadline under the status ("geplant ab …", "Bewerbungsschluss …"). */
function ScheduleText({ item }: { item: VacancyListItem }) {
  const { t } = useTranslation();
  const labels = scheduleLabels(item, t);
  if (labels.length === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', mt: 0.5 }}>
      {labels.join(' · ')}
    </Typography>
  );
}

/** "Duplizieren": creates the inactive copy and opens it in the editor (ADR 0042). */
function useDuplicateAction() {
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

function CreateButton() {
  const { t } = useTranslation();
  return (
    <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={ROUTES.NewVacancy.path}>
      {t('vacancies.create')}
    </Button>
  );
}

interface Column {
  key: string;
  label: string;
  sort?: VacancySortField;
}

function useColumns(showImages: boolean): Column[] {
  const { t } = useTranslation();
  return [
    ...(showImages ? [{ key: 'image', label: t('vacancies.colImage') }] : []),
    { key: 'title', label: t('vacancies.colTitle'), sort: 'title' },
    { key: 'description', label: t('vacancies.colDescription') },
    { key: 'contact', label: t('vacancies.colContact'), sort: 'contactName' },
    { key: 'salary', label: t('vacancies.colSalary') },
    { key: 'organization', label: t('vacancies.colOrganization'), sort: 'organizationName' },
    { key: 'start', label: t('vacancies.colStart'), sort: 'start' },
    { key: 'status', label: t('vacancies.colStatus') },
    { key: 'activity', label: 'Aktivität' },
    { key: 'share', label: t('vacancies.actions') },
  ];
}

/** A link to the editor that does not also trigger the row's click. */
function TitleLink({ item }: { item: VacancyListItem }) {
  return (
    <Link
      component={RouterLink}
      to={href('EditVacancy', { id: item.id })}
      onClick={(e: MouseEvent) => e.stopPropagation()}
      sx={{ fontWeight: 600 }}
    >
      {item.title}
    </Link>
  );
}

function ShareButton({ item, onShare }: { item: VacancyListItem; onShare: (item: VacancyListItem) => void }) {
  const { t } = useTranslation();
  return (
    <IconButton
      aria-label={t('vacancies.shareFor', { title: item.title })}
      onClick={(event: MouseEvent) => {
        event.stopPropagation();
        onShare(item);
      }}
    >
      <ShareIcon />
    </IconButton>
  );
}

function VacancyTable({
  items,
  params,
  showImages,
  onSort,
  onShare,
  onDuplicate,
  duplicatingId,
}: {
  onDuplicate: (item: VacancyListItem) => void;
  duplicatingId: string | undefined;
  items: readonly VacancyListItem[];
  params: VacancyListParams;
  showImages: boolean;
  onSort: (field: VacancySortField) => void;
  onShare: (item: VacancyListItem) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns = useColumns(showImages);
  const open = (id: string) => void navigate(href('EditVacancy', { id }));
  return (
    <TableContainer>
      <Table aria-label={t('vacancies.tableLabel')} size="small" sx={{ '& td, & th': { px: 1.25, py: 1.25 } }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.key}
                sortDirection={column.sort && params.sort === column.sort ? params.order : false}
              >
                {column.sort ? (
                  <TableSortLabel
                    active={params.sort === column.sort}
                    direction={params.sort === column.sort ? params.order : 'asc'}
                    onClick={() => column.sort && onSort(column.sort)}
                  >
                    {column.label}
                    {params.sort === column.sort && (
                      <Box component="span" sx={visuallyHidden}>
                        {params.order === 'desc' ? t('vacancies.sortedDesc') : t('vacancies.sortedAsc')}
                      </Box>
                    )}
                  </TableSortLabel>
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id} hover onClick={() => open(item.id)} sx={{ cursor: 'pointer' }}>
              {showImages && (
                <TableCell>
                  <VacancyThumbnail
                    src={item.image ? vacancyPhotoUrl(item.id, item.image) : null}
                    alt={t('vacancies.imageAlt', { title: item.title })}
                  />
                </TableCell>
              )}
              <TableCell sx={{ minWidth: 160, maxWidth: 240 }}>
                <TitleLink item={item} />
              </TableCell>
              <TableCell sx={{ minWidth: 140, maxWidth: 220 }}>
                <Typography variant="body2" color="text.secondary" sx={clamp}>
                  {item.descriptionExcerpt}
                </Typography>
              </TableCell>
              <TableCell>{item.contactName}</TableCell>
              <TableCell sx={{ minWidth: 90 }}>{item.salaryRange ?? ''}</TableCell>
              <TableCell>{item.organizationName}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatCalendarDay(item.start)}</TableCell>
              <TableCell>
                <StatusChip active={item.active} />
                <ScheduleText item={item} />
              </TableCell>
              <TableCell>
                <VacancyActivity item={item} layout="stacked" />
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex' }}>
                  <ShareButton item={item} onShare={onShare} />
                  <IconButton
                    aria-label={t('vacancies.duplicateFor', { title: item.title })}
                    disabled={duplicatingId !== undefined}
                    onClick={(event: MouseEvent) => {
                      event.stopPropagation();
                      onDuplicate(item);
                    }}
                  >
                    <ContentCopyIcon />
                  </IconButton>
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phone cards: about three fill the first screen. Table rows: about a dozen. */
const CARD_SLICES: SliceSizes = { first: 4, step: 2 };
const ROW_SLICES: SliceSizes = { first: 12, step: 13 };

const clamp = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } as const;

/** Phones: one card per posting, the title is the link. */
function VacancyCards({
  items,
  showImages,
  onShare,
  onDuplicate,
  duplicatingId,
}: {
  items: readonly VacancyListItem[];
  showImages: boolean;
  onShare: (item: VacancyListItem) => void;
  onDuplicate: (item: VacancyListItem) => void;
  duplicatingId: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label={t('vacancies.tableLabel')}>
      {items.map((item) => (
        <Box component="li" key={item.id}>
          <Card variant="outlined">
            <CardActionArea
              component={RouterLink}
              to={href('EditVacancy', { id: item.id })}
              sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'flex-start', justifyContent: 'flex-start' }}
            >
              {showImages && (
                <VacancyThumbnail
                  src={item.image ? vacancyPhotoUrl(item.id, item.image) : null}
                  alt={t('vacancies.imageAlt', { title: item.title })}
                  size={64}
                />
              )}
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
                  <Typography
                    component="span"
                    sx={{ fontWeight: 600, color: 'primary.main', textDecoration: 'underline' }}
                  >
                    {item.title}
                  </Typography>
                  <StatusChip active={item.active} />
                </Box>
                <ScheduleText item={item} />
                <Typography variant="body2" color="text.secondary" sx={{ ...clamp, mt: 0.5 }}>
                  {item.descriptionExcerpt}
                </Typography>
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {[
                    item.organizationName,
                    item.contactName,
                    item.salaryRange,
                    item.start && `${t('vacancies.colStart')}: ${formatCalendarDay(item.start)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                <Box sx={{ mt: 0.5 }}>
                  <VacancyActivity item={item} layout="inline" />
                </Box>
              </Box>
            </CardActionArea>
            <CardActions sx={{ pt: 0 }}>
              <Button
                size="small"
                startIcon={<ShareIcon />}
                onClick={() => onShare(item)}
                aria-label={t('vacancies.shareFor', { title: item.title })}
              >
                {t('vacancies.share')}
              </Button>
              <Button
                size="small"
                startIcon={<ContentCopyIcon />}
                loading={duplicatingId === item.id}
                disabled={duplicatingId !== undefined}
                onClick={() => onDuplicate(item)}
                aria-label={t('vacancies.duplicateFor', { title: item.title })}
              >
                {t('vacancies.duplicate')}
              </Button>
            </CardActions>
          </Card>
        </Box>
      ))}
    </Stack>
  );
}

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
