import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { displayedRows, ListPagination, type ListPaginationProps } from './list-pagination';

function renderPagination(props: Partial<ListPaginationProps> = {}) {
  const onPageChange = vi.fn();
  const onRowsPerPageChange = vi.fn();
  render(
    <ListPagination
      count={60}
      page={0}
      rowsPerPage={25}
      rowsPerPageOptions={[10, 25, 50]}
      onPageChange={onPageChange}
      onRowsPerPageChange={onRowsPerPageChange}
      {...props}
    />,
  );
  return { onPageChange, onRowsPerPageChange };
}

describe('ListPagination', () => {
  it('writes the rows shown with German thousands dots, and a lower bound as "mehr als"', () => {
    expect(displayedRows(1001, 1025, 12345)).toBe('1.001–1.025 von 12.345');
    expect(displayedRows(1, 25, -1)).toBe('1–25 von mehr als 25');
  });

  it('shows the rows of the page and pages forward and back', async () => {
    const { onPageChange } = renderPagination({ page: 1 });
    expect(screen.getByText('26–50 von 60')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Zur nächsten Seite' }));
    await user.click(screen.getByRole('button', { name: 'Zur vorherigen Seite' }));
    expect(onPageChange.mock.calls).toEqual([[2], [0]]);
  });

  it('cannot page after the last page', () => {
    renderPagination({ page: 2 });
    expect(screen.getByText('51–60 von 60')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zur nächsten Seite' })).toHaveProperty('disabled', true);
  });

  it('keeps paging forward while only a lower bound of the total is known', () => {
    renderPagination({ count: -1, page: 3 });
    expect(screen.getByText('76–100 von mehr als 100')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zur nächsten Seite' })).toHaveProperty('disabled', false);
  });

  it('shows an empty list as 0–0 with both buttons off', () => {
    renderPagination({ count: 0 });
    expect(screen.getByText('0–0 von 0')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zur vorherigen Seite' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Zur nächsten Seite' })).toHaveProperty('disabled', true);
  });

  it('changes the rows per page with a labelled native select', async () => {
    const { onRowsPerPageChange } = renderPagination();
    const select = screen.getByRole('combobox', { name: 'Zeilen pro Seite:' });
    expect((select as HTMLSelectElement).value).toBe('25');
    await userEvent.setup().selectOptions(select, '50');
    expect(onRowsPerPageChange).toHaveBeenCalledWith(50);
  });
});
