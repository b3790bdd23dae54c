import '../../../lib/locales/register-candidate-follow-up-texts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { MATCHING_SEARCH_MAX_LENGTH, MATCHING_SORT_LABELS, MATCHING_SORTS } from '@matchwerk/shared';
import { useTranslation } from '../../../lib/i18n';
import { useSearchInput } from '../../../lib/search-input';
import { FormTextField } from '../../../components/form/form-text-field';
import { DEFAULT_MATCHING_FILTERS, usePostingOptions, type MatchingFilters as Filters } from '../api/follow-up-api';

export interface MatchingFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
}

/** Posting, name search and sort of the Anfragen list (issue 14); the screen keeps them in the URL. */
export function MatchingFilters({ filters, onChange }: MatchingFiltersProps) {
  const { t } = useTranslation();
  const postings = usePostingOptions();
  const fits = (text: string) => text.trim().length <= MATCHING_SEARCH_MAX_LENGTH;
  const [search, setSearch] = useSearchInput(filters.search, (text) => onChange({ ...filters, search: text }), fits);
  const tooLong = !fits(search);
  const filtered = filters.vacancyId !== '' || filters.search.trim() !== '' || filters.sort !== 'newest';

  return (
    <Box
      role="search"
      aria-label={t('candidateFollowUp.filtersLabel')}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 2fr) minmax(11rem, 1fr) auto' },
        gap: { xs: 0, md: 2 },
        alignItems: 'center',
        px: { xs: 1.5, sm: 2 },
      }}
    >
      <FormTextField
        select
        name="posting"
        label={t('candidateFollowUp.posting')}
        value={filters.vacancyId}
        onChange={(event) => onChange({ ...filters, vacancyId: event.target.value })}
        error={postings.isError}
        helperText={postings.isError ? t('candidateFollowUp.postingsFailed') : undefined}
      >
        <option value="">{t('candidateFollowUp.allPostings')}</option>
        {/* A posting from the URL that is not (yet) in the options stays selectable. */}
        {filters.vacancyId && !postings.data?.some((p) => p.id === filters.vacancyId) && (
          <option value={filters.vacancyId}>{t('candidateFollowUp.posting')}</option>
        )}
        {postings.data?.map((posting) => (
          <option key={posting.id} value={posting.id}>
            {posting.title}
          </option>
        ))}
      </FormTextField>
      <FormTextField
        name="search"
        type="search"
        label={t('candidateFollowUp.search')}
        value={search}
        autoComplete="off"
        onChange={(event) => setSearch(event.target.value)}
        error={tooLong}
        helperText={
          tooLong
            ? t('candidateFollowUp.searchTooLong', { max: MATCHING_SEARCH_MAX_LENGTH })
            : t('candidateFollowUp.searchHelp')
        }
      />
      <FormTextField
        select
        name="sort"
        label={t('candidateFollowUp.sort')}
        value={filters.sort}
        onChange={(event) => {
          const sort = MATCHING_SORTS.find((value) => value === event.target.value);
          if (sort) onChange({ ...filters, sort });
        }}
      >
        {MATCHING_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {MATCHING_SORT_LABELS[sort]}
          </option>
        ))}
      </FormTextField>
      <Box sx={{ pb: { xs: 1, md: 0 } }}>
        <Button onClick={() => onChange(DEFAULT_MATCHING_FILTERS)} disabled={!filtered}>
          {t('candidateFollowUp.resetFilters')}
        </Button>
      </Box>
    </Box>
  );
}
