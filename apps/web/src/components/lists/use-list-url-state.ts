import { filtersCleared, listSearchFrom } from '../../lib/list-url-state';
import { useSearchParams } from '../../lib/router';
import { useSearchInput } from '../../lib/search-input';
import { hasListFilters, listParamsFrom, type ListUrlSpec, type SearchableListParams } from './list-url-params';
import type { ServerPaging } from './server-data-grid';

/** The keys of the params whose values are strings: the ones a FilterSelect can set. */
type TextKey<Params> = { [Key in keyof Params]: Params[Key] extends string ? Key : never }[keyof Params];

export interface ListFilterProps {
  value: string;
  onChange: (value: string) => void;
}

/** What a FilterBar needs of its list: the search field's text, whether to offer the reset, the reset. */
export interface ListFilterState {
  /** The search field's text; typing commits it to the URL once it pauses. */
  searchInput: string;
  setSearchInput: (text: string) => void;
  isFiltered: boolean;
  /** "Filter zurücksetzen": search and filters to the defaults, sorting and page size kept. */
  resetFilters: () => void;
}

export interface ListUrlState<Params extends SearchableListParams> extends ListFilterState {
  params: Params;
  /** A new page, page size or sorting (what ServerDataGrid and the paging send). */
  update: (changes: Partial<Params>) => void;
  /** New filter values: the list starts again at its first page. */
  filter: (changes: Partial<Params>) => void;
  /** `value` and `onChange` of a FilterSelect that sets `key`. */
  filterProps: (key: TextKey<Params>) => ListFilterProps;
  /** Paging and sorting for ServerDataGrid, changes written to the URL. */
  gridPaging: ServerPaging<Params['sort']>;
}

/**
 * An admin list's state, kept in the URL so the back button and shared links show the same list:
 * the params read from it, changes written back (only what differs from `defaults`), and the
 * search field that commits to it.
 */
export function useListUrlState<Params extends SearchableListParams>(spec: ListUrlSpec<Params>): ListUrlState<Params> {
  const { defaults, sortFields } = spec;
  const [searchParams, setSearchParams] = useSearchParams();
  const params = listParamsFrom(spec, searchParams);
  const write = (next: Params) => setSearchParams(listSearchFrom(next, defaults));
  const [searchInput, setSearchInput] = useSearchInput(params.search, (search) =>
    write({ ...params, search, page: 0 }),
  );
  const update = (changes: Partial<Params>) => write({ ...params, ...changes });
  const filter = (changes: Partial<Params>) => write({ ...params, ...changes, page: 0 });
  return {
    params,
    update,
    filter,
    // The selects offer only the values of their own filter, and '' for "any".
    filterProps: (key) => ({
      value: String(params[key]),
      onChange: (value) => filter({ [key]: value } as Partial<Params>),
    }),
    gridPaging: {
      paging: params,
      sortFields,
      defaults,
      // Only paging keys, and Params has them with these types: TypeScript cannot see it through the generic.
      onPagingChange: (changes) => update(changes as Partial<Params>),
    },
    searchInput,
    setSearchInput,
    isFiltered: hasListFilters(params, defaults),
    resetFilters: () => {
      setSearchInput('');
      write(filtersCleared(params, defaults));
    },
  };
}
