import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState, type EmptyStateProps } from '../feedback/empty-state';
import { ErrorState } from '../feedback/error-state';
import { apiErrorMessage } from '../../lib/form';
import { useTranslation } from '../../lib/i18n';

export interface ListLoadingProps {
  /** The busy region's name; default "Wird geladen…". */
  label?: string;
  rows?: number;
  rowHeight?: number;
  role?: 'status';
}

/** Grey placeholder rows while a list's first page loads. */
export function ListLoading({ label, rows = 6, rowHeight = 44, role }: ListLoadingProps) {
  const { t } = useTranslation();
  return (
    <Box role={role} aria-busy="true" aria-label={label ?? t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={rowHeight} sx={{ mb: 1 }} />
      ))}
    </Box>
  );
}

export interface ListStatesProps<Data extends { total: number }> {
  query: UseQueryResult<Data>;
  /** Shown when the first page fails to load. */
  errorText: string;
  /** Show the API's own German message of a refused request (4xx) instead of `errorText`. */
  showApiMessage?: boolean;
  loading?: ListLoadingProps;
  /** Shown instead of the rows when the list has none. */
  empty: EmptyStateProps;
  /** Above the rows and above the empty state, e.g. an order list's sums. */
  summary?: (data: Data) => ReactNode;
  /** The rows of a list that has some. */
  children: (data: Data) => ReactNode;
}

/**
 * The states of a server-paged list: an error with "Erneut versuchen" (only while there is no
 * page to show), placeholder rows while the first page loads, the empty state, then the rows.
 */
export function ListStates<Data extends { total: number }>({
  query,
  errorText,
  showApiMessage = true,
  loading,
  empty,
  summary,
  children,
}: ListStatesProps<Data>) {
  const { data } = query;
  if (query.isError && !data) {
    const text = (showApiMessage ? apiErrorMessage(query.error) : undefined) ?? errorText;
    return <ErrorState text={text} onRetry={() => void query.refetch()} />;
  }
  if (!data) return <ListLoading {...loading} />;
  return (
    <>
      {summary?.(data)}
      {data.total === 0 ? <EmptyState {...empty} /> : children(data)}
    </>
  );
}
