import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * Print / PDF of the dashboard: only the figures. Navigation, buttons and filters go; the
 * heading with period, region and print date (shown only in print) comes first; each chart,
 * table and card stays on one page where it fits; the chart tables are printed even when
 * they are folded away on screen.
 *
 * The one-page summary for committee meetings (issue #48; `<body data-print="summary">` while
 * its print runs): heading, the key figures in a compact grid without hints, the weekly trend
 * and the top occupations — no chart tables, no other charts, no organisation table.
 */
export const PRINT_SUMMARY_ATTRIBUTE = 'data-print';
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
          'body[data-print="summary"] .statistics-full-only, body[data-print="summary"] .chart-table, body[data-print="summary"] [data-testid="kpi-hint"]':
            { display: 'none !important' },
          'body[data-print="summary"] main': { zoom: 0.55 },
          'body[data-print="summary"] [data-testid="kpi-grid"]': {
            gridTemplateColumns: 'repeat(5, minmax(0, 1fr)) !important',
            gap: '4px !important',
          },
          'body[data-print="summary"] [data-testid^="kpi-"] .MuiPaper-root, body[data-print="summary"] li > .MuiPaper-root':
            { padding: '4px 8px !important' },
        },
      }}
    />
  );
}
