import {
  DataGrid,
  type DataGridProps,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import { deDE } from '@mui/x-data-grid/locales';
import { LIST_PAGE_SIZE_OPTIONS } from '@matchwerk/shared';
import type { ListPaging } from '../../lib/list-url-state';

const gridLocale = deDE.components.MuiDataGrid.defaultProps.localeText;

/** A server-paged list's paging and sorting, and where changes to them go (useListUrlState's `gridPaging`). */
export interface ServerPaging<Sort extends string> {
  /** Page, page size and sorting as the URL holds them. */
  paging: ListPaging<Sort>;
  /** Fields the server sorts by; a column outside them falls back to `defaults`. */
  sortFields: readonly Sort[];
  /** The list's default sorting, used when the sorting is cleared. */
  defaults: Pick<ListPaging<Sort>, 'sort' | 'order'>;
  /** A new page, page size or sorting (a new sorting starts at page 0). */
  onPagingChange: (changes: Partial<ListPaging<Sort>>) => void;
}

export interface ServerDataGridProps<Row extends GridValidRowModel, Sort extends string> extends ServerPaging<Sort> {
  /** The grid's accessible name. */
  label: string;
  /** The page to show as the list's API answers it: its rows and the rows in all pages. */
  page: { items: readonly Row[]; total: number };
  columns: readonly GridColDef<Row>[];
  /** A page is on its way (the shown rows stay until it arrives). */
  loading: boolean;
  /** Rows grow with their content, cells centre it vertically (chips that wrap). */
  autoRowHeight?: boolean;
  /** Least width in px; the box around scrolls sideways below it. */
  minWidth?: number;
  columnVisibilityModel?: GridColumnVisibilityModel;
  /** Rows open something: the pointer shows it. */
  onRowClick?: DataGridProps<Row>['onRowClick'];
  onCellKeyDown?: DataGridProps<Row>['onCellKeyDown'];
}

/**
 * MUI's DataGrid as the admin lists use it: paged, sorted and filtered by the server, no column
 * menu or row selection, German texts, and the page and sorting kept by the caller (the URL).
 */
export function ServerDataGrid<Row extends GridValidRowModel, Sort extends string>({
  label,
  page,
  columns,
  loading,
  paging,
  sortFields,
  defaults,
  onPagingChange,
  autoRowHeight = false,
  minWidth,
  columnVisibilityModel,
  onRowClick,
  onCellKeyDown,
}: ServerDataGridProps<Row, Sort>) {
  // Only what a list sets: DataGrid reads a prop given as undefined as set.
  const optional: Partial<DataGridProps<Row>> = {
    ...(autoRowHeight ? { getRowHeight: () => 'auto' } : {}),
    ...(columnVisibilityModel ? { columnVisibilityModel } : {}),
    ...(onRowClick ? { onRowClick } : {}),
    ...(onCellKeyDown ? { onCellKeyDown } : {}),
  };
  return (
    <Box sx={{ width: '100%', overflowX: 'auto' }}>
      <DataGrid
        aria-label={label}
        rows={page.items}
        columns={columns}
        rowCount={page.total}
        loading={loading}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        disableColumnMenu
        disableRowSelectionOnClick
        // At most 100 rows a page: rendering them all keeps keyboard and screen-reader access simple.
        disableVirtualization
        {...optional}
        paginationModel={{ page: paging.page, pageSize: paging.pageSize }}
        onPaginationModelChange={(model) => onPagingChange({ page: model.page, pageSize: model.pageSize })}
        pageSizeOptions={[...LIST_PAGE_SIZE_OPTIONS]}
        sortModel={[{ field: paging.sort, sort: paging.order }]}
        onSortModelChange={(model) => {
          const first = model[0];
          const sort =
            first && (sortFields as readonly string[]).includes(first.field) ? (first.field as Sort) : defaults.sort;
          const order = first?.sort === 'asc' || first?.sort === 'desc' ? first.sort : defaults.order;
          onPagingChange({ sort, order, page: 0 });
        }}
        localeText={gridLocale}
        autoHeight
        sx={{
          ...(minWidth === undefined ? {} : { minWidth }),
          bgcolor: 'background.paper',
          ...(onRowClick ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {}),
          ...(autoRowHeight ? { '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } } : {}),
        }}
      />
    </Box>
  );
}
