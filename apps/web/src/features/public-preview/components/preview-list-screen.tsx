import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  POSTING_TYPE_LABELS,
  POSTING_TYPES,
  publicPreviewPostingPath,
  PUBLIC_RADIUS_OPTIONS_KM,
  PUBLIC_VACANCY_SORT_LABELS,
  PUBLIC_VACANCY_SORTS,
  REGION_LABELS,
  type PublicVacancySort,
  type Region,
} from '@matchwerk/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from '../../../lib/router';
import { CenteredProgress } from '../../../components/feedback/centered-progress';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { Page } from '../../../components/layout/page';
import { FilterSelect } from '../../../components/lists/filter-select';
import { isApiError } from '../../../lib/api-client';
import { publicVacanciesQueryOptions } from '../api/public-api';
import {
  DEFAULT_PREVIEW_FILTERS,
  previewFiltersFrom,
  previewQueryOf,
  previewSearchOf,
  type PreviewFilters,
} from '../lib/preview-filters';
import { AppCallToAction } from '../../../components/posting/posting-detail';
import { PublicFrame } from './public-frame';
import { VacancyCard } from './vacancy-card';

const TYPE_OPTIONS = POSTING_TYPES.map((type) => ({ value: type, label: POSTING_TYPE_LABELS[type] }));

export interface PreviewListScreenProps {
  region: Region;
}

/** The external preview of a region (spec §2 ExternalPreview): visible postings, filters and sort in the URL, "Mehr laden". */
export function PreviewListScreen({ region }: PreviewListScreenProps) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = previewFiltersFrom(searchParams);
  const query = useInfiniteQuery(publicVacanciesQueryOptions(previewQueryOf(region, filters)));
  const [zipInput, setZipInput] = useState(filters.zipCode);
  const [radiusInput, setRadiusInput] = useState(filters.radiusKm);
  const [zipError, setZipError] = useState('');

  const update = (next: Partial<PreviewFilters>) =>
    setSearchParams(previewSearchOf({ ...filters, ...next }), { replace: true });

  const applyZip = (event: FormEvent) => {
    event.preventDefault();
    const zip = zipInput.trim();
    if (zip && !/^[0-9]{5}$/.test(zip)) {
      setZipError(t('preview.zipCodeInvalid'));
      return;
    }
    setZipError('');
    update({
      zipCode: zip,
      radiusKm: radiusInput,
      sort: zip ? 'distance' : filters.sort === 'distance' ? 'newest' : filters.sort,
    });
  };

  const reset = () => {
    setZipInput('');
    setRadiusInput(DEFAULT_PREVIEW_FILTERS.radiusKm);
    setZipError('');
    setSearchParams(new URLSearchParams(), { replace: true });
  };

  const firstPage = query.data?.pages[0];
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = firstPage?.total ?? 0;
  const facets = firstPage?.facets ?? { occupations: [], places: [] };
  const filtered = previewSearchOf(filters).toString() !== '';
  const sortOptions = PUBLIC_VACANCY_SORTS.filter((sort) => sort !== 'distance' || filters.zipCode);
  const detailSearch = searchParams.toString();

  return (
    <PublicFrame>
      <Page title={t('preview.title', { region: REGION_LABELS[region] })} intro={t('preview.intro')}>
        <Paper component="section" variant="outlined" aria-labelledby="filter-title" sx={{ p: 2, mb: 3 }}>
          <Typography id="filter-title" variant="h2" sx={{ fontSize: '1.1rem', mb: 2 }}>
            {t('preview.filtersTitle')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
            <FilterSelect
              label={t('preview.type')}
              anyLabel={t('preview.anyType')}
              value={filters.type}
              options={TYPE_OPTIONS}
              onChange={(value) => update({ type: value as PreviewFilters['type'] })}
            />
            <FilterSelect
              label={t('preview.occupation')}
              anyLabel={t('preview.anyOccupation')}
              value={filters.occupation}
              options={[...new Set([...facets.occupations, filters.occupation].filter(Boolean))].map((value) => ({
                value,
                label: value,
              }))}
              onChange={(value) => update({ occupation: value })}
            />
            <FilterSelect
              label={t('preview.place')}
              anyLabel={t('preview.anyPlace')}
              value={filters.place}
              options={[...new Set([...facets.places, filters.place].filter(Boolean))].map((value) => ({
                value,
                label: value,
              }))}
              onChange={(value) => update({ place: value })}
            />
            <TextField
              select
              size="small"
              label={t('preview.sort')}
              value={filters.sort}
              onChange={(event) => update({ sort: event.target.value as PublicVacancySort })}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: { xs: '100%', sm: 170 } }}
            >
              {sortOptions.map((sort) => (
                <option key={sort} value={sort}>
                  {PUBLIC_VACANCY_SORT_LABELS[sort]}
                </option>
              ))}
            </TextField>
          </Box>
          <Box
            component="form"
            onSubmit={applyZip}
            noValidate
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2, alignItems: 'flex-start' }}
          >
            <TextField
              size="small"
              label={t('preview.zipCode')}
              value={zipInput}
              onChange={(event) => setZipInput(event.target.value)}
              error={Boolean(zipError)}
              helperText={zipError || t('preview.zipCodeHint')}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 5 } }}
              sx={{ width: { xs: '100%', sm: 170 } }}
            />
            <TextField
              select
              size="small"
              label={t('preview.radius')}
              value={radiusInput}
              onChange={(event) => setRadiusInput(Number(event.target.value))}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ width: { xs: '100%', sm: 120 } }}
            >
              {PUBLIC_RADIUS_OPTIONS_KM.map((km) => (
                <option key={km} value={km}>
                  {t('preview.radiusOption', { km })}
                </option>
              ))}
            </TextField>
            <Button type="submit" variant="outlined">
              {t('preview.apply')}
            </Button>
            {filtered && (
              <Button type="button" onClick={reset}>
                {t('preview.reset')}
              </Button>
            )}
          </Box>
        </Paper>

        <Typography role="status" sx={{ mb: 2, fontWeight: 600 }}>
          {query.isSuccess ? t('preview.count', { count: total }) : ''}
        </Typography>

        {query.isPending && <CenteredProgress />}
        {query.isError && (
          <ErrorState
            text={isApiError(query.error) && query.error.status === 400 ? query.error.message : t('preview.loadFailed')}
            onRetry={() => void query.refetch()}
          />
        )}
        {query.isSuccess && items.length === 0 && (
          <EmptyState text={filtered ? t('preview.empty') : t('preview.emptyRegion')} />
        )}
        {items.length > 0 && (
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' },
            }}
          >
            {items.map((vacancy) => (
              <Box component="li" key={vacancy.id}>
                <VacancyCard
                  vacancy={vacancy}
                  to={`${publicPreviewPostingPath(region, vacancy.id)}${detailSearch ? `?${detailSearch}` : ''}`}
                />
              </Box>
            ))}
          </Box>
        )}
        {query.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
            <Button variant="contained" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? t('preview.loadingMore') : t('preview.loadMore')}
            </Button>
          </Box>
        )}
        {query.isSuccess && !query.hasNextPage && query.data.pages.length > 1 && (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 3 }}>
            {t('preview.allShown', { count: total })}
          </Typography>
        )}
        <Box sx={{ mt: 4 }}>
          <AppCallToAction />
        </Box>
      </Page>
    </PublicFrame>
  );
}
