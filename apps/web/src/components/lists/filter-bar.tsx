import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { ListFilterState } from './use-list-url-state';

export interface ListSearchFieldProps {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (text: string) => void;
  /** Least width from the small breakpoint up; phones show the field at full width. */
  width: number;
  maxLength?: number;
  className?: string;
}

/** A list's search box: a small text field with a search icon, as the filter bars show it. */
export function ListSearchField({
  label,
  placeholder,
  value,
  onChange,
  width,
  maxLength,
  className,
}: ListSearchFieldProps) {
  return (
    <TextField
      className={className}
      size="small"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: { xs: '100%', sm: width } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
        ...(maxLength === undefined ? {} : { htmlInput: { maxLength } }),
      }}
    />
  );
}

export interface FilterBarProps {
  /** The name of the search landmark, e.g. "Bestellungen filtern". */
  label: string;
  /** The list it filters (useListUrlState): the search text, and the reset while a filter is set. */
  list: ListFilterState;
  /** The search box's look; its text is the list's. */
  search: Omit<ListSearchFieldProps, 'value' | 'onChange'>;
  /** The filters after the search box (FilterSelect, OrganizationFilter, …). */
  children?: ReactNode;
  resetLabel: string;
  alignItems?: 'center' | 'flex-start';
}

/** The bar above an admin list: search, filters and "Filter zurücksetzen", wrapping on phones. */
export function FilterBar({ label, list, search, children, resetLabel, alignItems = 'center' }: FilterBarProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box role="search" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems }}>
        <ListSearchField {...search} value={list.searchInput} onChange={list.setSearchInput} />
        {children}
        {list.isFiltered && <Button onClick={list.resetFilters}>{resetLabel}</Button>}
      </Box>
    </Paper>
  );
}
