/**
 * What the admin lists' URL params (features/<name>/lib/*-list-params.ts) share beyond
 * lib/list-url-state: the paging part of their API request and whether a filter is set.
 */
import { listPagingFrom, oneOf, type ListPaging } from '../../lib/list-url-state';

/** The params every admin list keeps in its URL: paging, sorting and a search text. */
export type SearchableListParams = ListPaging<string> & { search: string };

/** How an admin list reads its params from the URL (features/<name>/lib/*-list-params.ts). */
export interface ListUrlSpec<Params extends SearchableListParams> {
  /** Written to the URL only where a param differs from them. */
  defaults: Params;
  /** The fields the server sorts by; another `sort` in the URL falls back to the default. */
  sortFields: readonly Params['sort'][];
  /** The search and the filters in a URL; an unknown value falls back to '' (any). */
  filtersFrom: (search: URLSearchParams) => Omit<Params, keyof ListPaging<string>>;
}

const PAGING_KEYS: ReadonlySet<PropertyKey> = new Set<keyof ListPaging<string>>(['page', 'pageSize', 'sort', 'order']);

/** Paging and sorting as a list's API request and the server-paged grid take them. */
export function listPagingOf<Sort extends string>(params: ListPaging<Sort>): ListPaging<Sort> {
  return { page: params.page, pageSize: params.pageSize, sort: params.sort, order: params.order };
}

/**
 * Whether any filter differs from the list's defaults: the search (spaces alone are none) and
 * every other param that is not paging or sorting. It decides "Filter zurücksetzen" and which
 * empty state shows.
 */
export function hasListFilters<Params extends SearchableListParams>(params: Params, defaults: Params): boolean {
  return (Object.keys(defaults) as (keyof Params)[]).some(
    (key) => !PAGING_KEYS.has(key) && (key === 'search' ? params.search.trim() : params[key]) !== defaults[key],
  );
}

/** An id filter from the URL, cut to what an id can be long ('' = any). */
export function idFilterFrom(value: string | null): string {
  return (value ?? '').slice(0, 64);
}

/** A list's params in a URL: paging and sorting, then the list's own search and filters. */
export function listParamsFrom<Params extends SearchableListParams>(
  spec: ListUrlSpec<Params>,
  search: URLSearchParams,
): Params {
  // Paging and the rest make up Params; TypeScript cannot see that through the generic.
  return { ...listPagingFrom(search, spec.sortFields, spec.defaults), ...spec.filtersFrom(search) } as Params;
}

/** A select's filter from the URL: one of `values`, anything else '' (any). */
export function choiceFilterFrom<Value extends string>(values: readonly Value[], value: string | null): Value | '' {
  return oneOf(values, value) ? value : '';
}
