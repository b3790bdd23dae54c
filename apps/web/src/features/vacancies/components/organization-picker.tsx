import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { ORGANIZATION_MESSAGES, type OrganizationListItem } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type Ref } from 'react';
import { useDebouncedText } from '../../../lib/search-input';
import { useTranslation } from '../../../lib/i18n';
import { organizationSearchQueryOptions } from '../../../lib/organization-search';

export interface OrganizationPickerProps {
  value: string;
  onChange: (organizationId: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * An option's name; sign-ups whose e-mail is not confirmed yet are marked (only admins get
 * them at all: the API hides them from partners).
 */
export function OrganizationOptionLabel({ option }: { option: OrganizationListItem }) {
  if (option.emailVerified) return <>{option.name}</>;
  return (
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
      {option.name}
      <Chip size="small" variant="outlined" label={ORGANIZATION_MESSAGES.emailUnverified} />
    </Box>
  );
}

/** Admins and partners pick the organisation a new posting belongs to (server-side search). */
export function OrganizationPicker({ value, onChange, onBlur, error, inputRef }: OrganizationPickerProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [selected, setSelected] = useState<OrganizationListItem | null>(null);

  const search = useDebouncedText(input);

  const query = useQuery(organizationSearchQueryOptions(selected && input === selected.name ? '' : search));
  const options = query.data?.items ?? [];
  const current = selected && selected.id === value ? selected : null;

  return (
    <Autocomplete
      options={options}
      value={current}
      onChange={(_event, option) => {
        setSelected(option);
        onChange(option?.id ?? '');
      }}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      getOptionLabel={(option) => option.name}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <OrganizationOptionLabel option={option} />
        </li>
      )}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      loading={query.isFetching}
      loadingText={t('vacancies.organizationLoading')}
      noOptionsText={t('vacancies.organizationNoOptions')}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label={t('vacancies.organization')}
          required
          margin="normal"
          error={Boolean(error)}
          helperText={error ?? t('vacancies.organizationHelp')}
        />
      )}
    />
  );
}
