import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * Print / PDF of the dashboard: only the figures. Navigation, buttons and filters go; the
 * heading with period, region and print date (shown only in print) comes first; each chart,
 * table and card stays on one page where it fits; the chart tables are printed even when
 * they are folded away on screen.
 */
export function StatisticsPrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '.print-only': { display: 'none' },
        '@media print': {
          '@page': { margin: '12mm' },
          body: { background: '#fff' },
          '.MuiAppBar-root, .MuiDrawer-root, nav, .no-print, button, .MuiTablePagination-root, .MuiDataGrid-footerContainer, *:has(> .MuiDrawer-root)':
            { display: 'none !important' },
          main: { padding: '0 !important', width: '100% !important' },
          '.print-only': { display: 'block !important' },
          '.chart-table[hidden]': { display: 'block !important' },
          '.statistics-print-block, .statistics-print-block li, table, tr, svg': {
            breakInside: 'avoid',
            pageBreakInside: 'avoid',
          },
          '.MuiPaper-root': { boxShadow: 'none !important' },
        },
      }}
    />
  );
}
