import type { VacancyListResponse } from '@matchwerk/shared';

/**
 * Keyset paging in the list (ADR 0028): the server answers each page with the cursor of the next
 * one. This map remembers, per list (sort, order, search, page size), which cursor opens which
 * page, so "next" and "back" fetch by cursor (an index range, however deep) and only a jump to a
 * page never visited — a reload on page 40, the last page — falls back to the offset.
 */
export interface PageCursors {
  /** The cursor that opens `page` of the list `listKey`, if the page before it was loaded. */
  cursorFor(listKey: string, page: number): string | undefined;
  /** Records what page `page` of `listKey` answered: `nextCursor` opens page + 1. */
  remember(listKey: string, page: number, nextCursor: string | null): void;
}

export function createPageCursors(): PageCursors {
  let currentKey = '';
  let cursors = new Map<number, string>();
  const switchTo = (listKey: string) => {
    // Another sort, search or page size: the old cursors belong to another order.
    if (listKey !== currentKey) {
      currentKey = listKey;
      cursors = new Map();
    }
  };
  return {
    cursorFor(listKey, page) {
      switchTo(listKey);
      return page > 0 ? cursors.get(page) : undefined;
    },
    remember(listKey, page, nextCursor) {
      switchTo(listKey);
      if (nextCursor) cursors.set(page + 1, nextCursor);
      else cursors.delete(page + 1);
    },
  };
}

/** What makes two pages part of the same list (everything but the page number). */
export function listKeyOf(params: { sort: string; order: string; search: string; pageSize: number }): string {
  return JSON.stringify([params.sort, params.order, params.search.trim(), params.pageSize]);
}

/**
 * What the pagination counts. A broad search is counted only up to a limit (ADR 0028): then the
 * count is unknown ("mehr als …", -1) until the last page, where the rows seen tell it.
 */
export function paginationCount(
  data: Pick<VacancyListResponse, 'total' | 'totalExact' | 'nextCursor' | 'page'> & { items: readonly unknown[] },
  pageSize: number,
): number {
  if (data.totalExact) return data.total;
  return data.nextCursor ? -1 : data.page * pageSize + data.items.length;
}
