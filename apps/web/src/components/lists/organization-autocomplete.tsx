import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { OrganizationListItem } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type Ref } from 'react';
import { useDebouncedText } from '../../lib/search-input';
import { useTranslation } from '../../lib/i18n';
import { organizationSearchQueryOptions } from '../../lib/organization-search';

export interface OrganizationOption {
  id: string;
  name: string;
}

export interface OrganizationAutocompleteProps {
  label: string;
  value: OrganizationOption | null;
  onChange: (option: OrganizationOption | null) => void;
  onBlur?: () => void;
  error?: string | undefined;
  helperText?: string | undefined;
  required?: boolean;
  size?: 'small' | 'medium';
  inputRef?: Ref<HTMLInputElement>;
}

/** Picks one of the organisations the admin or partner manages (server-side search, debounced). */
export function OrganizationAutocomplete({
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  required,
  size,
  inputRef,
}: OrganizationAutocompleteProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState(value?.name ?? '');
  // A value chosen elsewhere (the URL after a reload) shows its name once known.
  const valueName = value?.name;
  const [shownName, setShownName] = useState(valueName);
  if (valueName !== shownName) {
    setShownName(valueName);
    if (valueName !== undefined) setInput(valueName);
  }
  const search = useDebouncedText(input);
  const query = useQuery(organizationSearchQueryOptions(value && input === value.name ? '' : search));
  const options: OrganizationOption[] = (query.data?.items ?? []).map((item: OrganizationListItem) => ({
    id: item.id,
    name: item.name,
  }));

  return (
    <Autocomplete
      options={value && !options.some((option) => option.id === value.id) ? [value, ...options] : options}
      value={value}
      onChange={(_event, option) => onChange(option)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      loading={query.isFetching}
      loadingText={t('users.organizationLoading')}
      noOptionsText={t('users.organizationNoOptions')}
      onBlur={onBlur}
      size={size ?? 'medium'}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label={label}
          required={required ?? false}
          error={Boolean(error)}
          helperText={error ?? helperText}
        />
      )}
    />
  );
}
