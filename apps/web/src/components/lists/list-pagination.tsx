import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import NativeSelect from '@mui/material/NativeSelect';
import Typography from '@mui/material/Typography';
import { formatNumber } from '@matchwerk/shared';
import { useId } from 'react';

export interface ListPaginationProps {
  /** Rows in all pages; -1 when only a lower bound is known ("mehr als …"). */
  count: number;
  /** Zero-based. */
  page: number;
  rowsPerPage: number;
  rowsPerPageOptions: readonly number[];
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
}

/** "1.001–1.025 von 12.345", or "… von mehr als 25" when the total is not known. */
export function displayedRows(from: number, to: number, count: number): string {
  const total = count === -1 ? `mehr als ${formatNumber(to)}` : formatNumber(count);
  return `${formatNumber(from)}–${formatNumber(to)} von ${total}`;
}

/**
 * Paging under a list: rows per page, the rows shown, the previous and next page. It looks and
 * reads like MUI's TablePagination, with a native select (the phone's own picker) and the buttons'
 * names as their labels, not tooltips: without MUI's menu and Popper, which the posting list's
 * first paint would otherwise load (docs/performance.md, stop 41).
 */
export function ListPagination({
  count,
  page,
  rowsPerPage,
  rowsPerPageOptions,
  onPageChange,
  onRowsPerPageChange,
}: ListPaginationProps) {
  const selectId = useId();
  const from = count === 0 ? 0 : page * rowsPerPage + 1;
  const to = count === -1 ? (page + 1) * rowsPerPage : Math.min(count, (page + 1) * rowsPerPage);
  const isLastPage = count !== -1 && page >= Math.ceil(count / rowsPerPage) - 1;
  return (
    <Box
      className="list-pagination"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        columnGap: 3,
        rowGap: 1,
        px: { xs: 1, sm: 2 },
        py: 1,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="label" htmlFor={selectId} variant="body2">
          Zeilen pro Seite:
        </Typography>
        <NativeSelect
          id={selectId}
          value={rowsPerPage}
          onChange={(event) => onRowsPerPageChange(Number(event.target.value))}
          input={<InputBase />}
          sx={{ typography: 'body2' }}
        >
          {rowsPerPageOptions.map((option) => (
            <option key={option} value={option}>
              {formatNumber(option)}
            </option>
          ))}
        </NativeSelect>
      </Box>
      <Typography variant="body2" aria-live="polite">
        {displayedRows(from, to, count)}
      </Typography>
      <Box>
        <IconButton aria-label="Zur vorherigen Seite" disabled={page === 0} onClick={() => onPageChange(page - 1)}>
          <KeyboardArrowLeft />
        </IconButton>
        <IconButton aria-label="Zur nächsten Seite" disabled={isLastPage} onClick={() => onPageChange(page + 1)}>
          <KeyboardArrowRight />
        </IconButton>
      </Box>
    </Box>
  );
}
