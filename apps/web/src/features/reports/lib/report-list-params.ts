/** The report list's state in the URL (search, status, paging); see components/lists/list-url-params. */
import { LIST_PAGE_SIZE, REPORT_STATUSES, type ReportListQuery, type ReportStatus } from '@matchwerk/shared';
import type { ListPaging } from '../../../lib/list-url-state';
import { choiceFilterFrom, type ListUrlSpec } from '../../../components/lists/list-url-params';

/** Newest first only: the queue has one order. */
export const REPORT_SORT_FIELDS = ['createdAt'] as const;

export interface ReportListParams extends ListPaging<(typeof REPORT_SORT_FIELDS)[number]> {
  search: string;
  status: ReportStatus | '';
}

/** Opens on the open reports: the queue's work. */
export const REPORT_LIST_URL: ListUrlSpec<ReportListParams> = {
  defaults: { page: 0, pageSize: LIST_PAGE_SIZE, sort: 'createdAt', order: 'desc', search: '', status: 'OPEN' },
  sortFields: REPORT_SORT_FIELDS,
  filtersFrom: (search) => ({
    search: search.get('search') ?? '',
    // No status in the URL: the default "offen"; an empty one ("Alle") or an unknown one: every status.
    status: search.has('status') ? choiceFilterFrom(REPORT_STATUSES, search.get('status')) : 'OPEN',
  }),
};

export function apiQueryOfReportList(params: ReportListParams): ReportListQuery {
  return {
    page: params.page,
    pageSize: params.pageSize,
    status: params.status || undefined,
    search: params.search.trim() || undefined,
  };
}
