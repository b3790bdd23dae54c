import { describe, expect, it } from 'vitest';
import { createPageCursors, listKeyOf, paginationCount } from './page-cursors';

describe('page cursors', () => {
  const list = listKeyOf({ sort: 'title', order: 'asc', search: '', pageSize: 25 });

  it('opens the next page with the cursor the page before answered, and goes back the same way', () => {
    const cursors = createPageCursors();
    expect(cursors.cursorFor(list, 0)).toBeUndefined();
    cursors.remember(list, 0, 'c1');
    cursors.remember(list, 1, 'c2');
    expect(cursors.cursorFor(list, 1)).toBe('c1');
    expect(cursors.cursorFor(list, 2)).toBe('c2');
    // Back to page 2 after visiting page 3: still by cursor.
    cursors.remember(list, 2, null);
    expect(cursors.cursorFor(list, 1)).toBe('c1');
    expect(cursors.cursorFor(list, 3)).toBeUndefined();
  });

  it('has no cursor for the first page or a page never reached (offset fallback)', () => {
    const cursors = createPageCursors();
    cursors.remember(list, 0, 'c1');
    expect(cursors.cursorFor(list, 0)).toBeUndefined();
    expect(cursors.cursorFor(list, 40)).toBeUndefined();
  });

  it('forgets every cursor when sort, order, search or page size change', () => {
    const cursors = createPageCursors();
    cursors.remember(list, 0, 'c1');
    const other = listKeyOf({ sort: 'title', order: 'desc', search: '', pageSize: 25 });
    expect(cursors.cursorFor(other, 1)).toBeUndefined();
    expect(cursors.cursorFor(list, 1)).toBeUndefined();
    expect(listKeyOf({ sort: 'title', order: 'asc', search: ' bau ', pageSize: 25 })).toBe(
      listKeyOf({ sort: 'title', order: 'asc', search: 'bau', pageSize: 25 }),
    );
  });

  it('counts "mehr als …" (-1) while a capped search has more pages, and exactly on its last page', () => {
    const page = { total: 1000, page: 0, pageSize: 25, items: Array.from({ length: 25 }), nextCursor: 'c' };
    expect(paginationCount({ ...page, totalExact: true, total: 60 }, 25)).toBe(60);
    expect(paginationCount({ ...page, totalExact: false }, 25)).toBe(-1);
    expect(
      paginationCount({ ...page, totalExact: false, page: 41, items: Array.from({ length: 7 }), nextCursor: null }, 25),
    ).toBe(41 * 25 + 7);
  });
});
