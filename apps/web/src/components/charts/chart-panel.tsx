import DownloadIcon from '@mui/icons-material/Download';
import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { csvFileName, formatCandidateCount, toCsv, type CandidateCount, type CsvColumn } from '@matchwerk/shared';
import { useId, useState } from 'react';
import { CHART_COLORS } from './chart-colors';
import { downloadTextFile } from './download-csv';

/** A value of a chart: a number, "LT5" (a group of fewer than five candidates), or none. */
export type ChartValue = CandidateCount | null;

export interface ChartSeries<Row> {
  key: string;
  label: string;
  value: (row: Row) => ChartValue;
}

export interface ChartPanelProps<Row> {
  title: string;
  /** One German sentence saying what the chart shows (the highest value etc.); read by everyone. */
  summary: string;
  rows: readonly Row[];
  /** The category of each row: x axis of a line chart, bar label, first table column. */
  category: { label: string; value: (row: Row) => string };
  series: readonly ChartSeries<Row>[];
  kind: 'line' | 'bar';
  /** Bars grow to the right (long labels such as occupations and schools read better). */
  horizontal?: boolean;
  /** Parts of the CSV file name, e.g. ['statistik', 'berufe', '2026-08-01', '2027-07-31']. */
  csvNameParts: readonly string[];
  /** Shown instead of the chart when there are no rows or every value is 0. */
  emptyText: string;
  height?: number;
}

/** "< 5", "1.234" or "–": how a value reads in the table, the tooltip and the CSV. */
export function formatChartValue(value: ChartValue): string {
  return value === null ? '–' : formatCandidateCount(value);
}

/** A value to draw: "< 5" is drawn as 0, never as an invented number. */
function plotted(value: ChartValue): number | null {
  return value === 'LT5' ? 0 : value;
}

/** The chart's rows as CSV (German Excel); "< 5" stays "< 5". */
export function chartCsv<Row>(
  rows: readonly Row[],
  category: ChartPanelProps<Row>['category'],
  series: readonly ChartSeries<Row>[],
): string {
  const columns: CsvColumn<Row>[] = [
    { header: category.label, value: category.value },
    ...series.map((entry): CsvColumn<Row> => ({
      header: entry.label,
      value: (row) => {
        const value = entry.value(row);
        return value === 'LT5' ? formatCandidateCount(value) : value;
      },
    })),
  ];
  return toCsv(rows, columns);
}

/**
 * A chart with everything that makes it usable without seeing it: a title, a summary sentence
 * (also the svg's label), a "Tabelle anzeigen" toggle with the same figures as a real table,
 * and a CSV export. When printed, the table is always shown.
 */
export function ChartPanel<Row>({
  title,
  summary,
  rows,
  category,
  series,
  kind,
  horizontal = false,
  csvNameParts,
  emptyText,
  height = 300,
}: ChartPanelProps<Row>) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const headingId = useId();
  const isEmpty = rows.length === 0 || rows.every((row) => series.every((entry) => !entry.value(row)));
  const categories = rows.map(category.value);
  const chartSeries = series.map((entry, index) => ({
    id: entry.key,
    label: entry.label,
    data: rows.map((row) => plotted(entry.value(row))),
    color: CHART_COLORS[index % CHART_COLORS.length],
    valueFormatter: (_value: number | null, context: { dataIndex: number }) => {
      const row = rows[context.dataIndex];
      return row === undefined ? '' : formatChartValue(entry.value(row));
    },
  }));
  const exportCsv = () => downloadTextFile(csvFileName(...csvNameParts), chartCsv(rows, category, series));
  const chartHeight = horizontal ? Math.max(height, rows.length * 34 + 80) : height;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      className="statistics-print-block"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id={headingId} variant="h3" component="h2" sx={{ fontSize: '1.1rem', flexGrow: 1 }}>
          {title}
        </Typography>
        {!isEmpty && (
          <Box className="no-print" sx={{ display: 'flex', gap: 1 }}>
            <Button
              size="small"
              startIcon={<TableChartIcon />}
              aria-expanded={showTable}
              aria-controls={tableId}
              onClick={() => setShowTable((shown) => !shown)}
            >
              {showTable ? 'Tabelle ausblenden' : 'Tabelle anzeigen'}
            </Button>
            <Button
              size="small"
              startIcon={<DownloadIcon />}
              onClick={exportCsv}
              aria-label={`${title} als CSV herunterladen`}
            >
              CSV
            </Button>
          </Box>
        )}
      </Box>
      {isEmpty ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {summary}
          </Typography>
          {/* x-charts puts its title on a role="none" element (axe: aria-prohibited-attr), so the
              drawing is one labelled image here; its figures are in the table below. */}
          {/* Clipped: a chart keeps its last measured width until its resize observer has drawn it
              anew, and must not widen the page meanwhile (a phone turned, a window narrowed). */}
          <Box role="img" aria-label={`${title}: ${summary}`} sx={{ width: '100%', minWidth: 0, overflow: 'hidden' }}>
            {kind === 'line' ? (
              <LineChart
                height={chartHeight}
                xAxis={[{ scaleType: 'point', data: categories }]}
                yAxis={[{ valueFormatter: (value: number) => formatChartValue(value) }]}
                series={chartSeries.map((entry) => ({ ...entry, showMark: rows.length <= 20 }))}
                skipAnimation
              />
            ) : (
              <BarChart
                height={chartHeight}
                layout={horizontal ? 'horizontal' : 'vertical'}
                {...(horizontal
                  ? {
                      yAxis: [{ scaleType: 'band' as const, data: categories, width: 170 }],
                      xAxis: [{ valueFormatter: (value: number) => formatChartValue(value) }],
                    }
                  : {
                      xAxis: [{ scaleType: 'band' as const, data: categories }],
                      yAxis: [{ valueFormatter: (value: number) => formatChartValue(value) }],
                    })}
                series={chartSeries}
                skipAnimation
              />
            )}
          </Box>
          <Box id={tableId} hidden={!showTable} className="chart-table" sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <caption>{title}</caption>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    {category.label}
                  </TableCell>
                  {series.map((entry) => (
                    <TableCell key={entry.key} component="th" scope="col" align="right">
                      {entry.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => {
                  const name = category.value(row);
                  return (
                    <TableRow key={name}>
                      <TableCell component="th" scope="row">
                        {name}
                      </TableCell>
                      {series.map((entry) => (
                        <TableCell key={entry.key} align="right">
                          {formatChartValue(entry.value(row))}
                        </TableCell>
                      ))}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </Paper>
  );
}
