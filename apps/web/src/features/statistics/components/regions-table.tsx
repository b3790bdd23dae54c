import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { REGION_LABELS, type Region, type StatisticsDashboard, type StatisticsPeriod } from '@matchwerk/shared';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { formatFigure, type FigureKind, type FigureValue } from '../../../lib/statistics-format';
import { statisticsDashboardQueryOptions } from '../api/statistics-api';

interface RegionColumn {
  label: string;
  kind: FigureKind;
  value: (dashboard: StatisticsDashboard) => FigureValue;
}

/** The figures a committee compares between regions; the same definitions as the cards. */
const COLUMNS: readonly RegionColumn[] = [
  { label: 'Aktive Unternehmen', kind: 'count', value: (d) => d.kpis.organizations.active },
  { label: 'Aktive Anzeigen', kind: 'count', value: (d) => d.kpis.postings.active },
  { label: 'Neue Anzeigen', kind: 'count', value: (d) => d.kpis.postings.new.current },
  { label: 'Bewerber/innen registriert', kind: 'candidates', value: (d) => d.kpis.candidates.registered },
  { label: 'Aufrufe', kind: 'count', value: (d) => d.kpis.views.current },
  { label: 'Interesse', kind: 'count', value: (d) => d.kpis.interest.current },
  { label: 'Angenommen', kind: 'count', value: (d) => d.kpis.matchings.accepted.current },
  { label: 'Annahmequote', kind: 'rate', value: (d) => d.kpis.acceptanceRate.current },
  { label: 'Median Antwortzeit', kind: 'hours', value: (d) => d.kpis.medianAnswerHours.current },
];

export interface RegionsTableProps {
  period: StatisticsPeriod;
  regions: readonly Region[];
}

/**
 * "Regionen im Vergleich" (issue #48): for a caller who sees all regions, one row per region
 * side by side. Loaded on request — one dashboard request per region — so the landing page does
 * not multiply its load; each row appears as its answer arrives.
 */
export function RegionsTable({ period, regions }: RegionsTableProps) {
  const [open, setOpen] = useState(false);
  const sorted = [...regions].sort((a, b) => REGION_LABELS[a].localeCompare(REGION_LABELS[b], 'de'));
  const results = useQueries({
    queries: sorted.map((region) => ({
      ...statisticsDashboardQueryOptions({ ...period, region }),
      enabled: open,
    })),
  });
  const failed = results.some((result) => result.isError);
  return (
    <Box component="section" aria-labelledby="regions-heading" className="statistics-full-only" sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography id="regions-heading" variant="h2" sx={{ fontSize: '1.35rem', flexGrow: 1 }}>
          Regionen im Vergleich
        </Typography>
        {!open && (
          <Button className="no-print" variant="outlined" size="small" onClick={() => setOpen(true)}>
            Regionen nebeneinander anzeigen
          </Button>
        )}
      </Box>
      {!open ? (
        <Typography color="text.secondary">
          Die Kennzahlen jeder Region im gewählten Zeitraum als Tabelle, eine Zeile je Region.
        </Typography>
      ) : (
        <>
          {failed && (
            <Alert severity="error" sx={{ mb: 1 }}>
              Die Zahlen einiger Regionen konnten nicht geladen werden. Bitte laden Sie die Seite neu.
            </Alert>
          )}
          <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
            <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', fontSize: '0.875rem' }}>
              <caption style={{ textAlign: 'left', padding: '8px' }}>
                Kennzahlen je Region, {sorted.length} Regionen
              </caption>
              <thead>
                <tr>
                  <Box component="th" scope="col" sx={cellSx(true)}>
                    Region
                  </Box>
                  {COLUMNS.map((column) => (
                    <Box component="th" scope="col" key={column.label} sx={{ ...cellSx(true), textAlign: 'right' }}>
                      {column.label}
                    </Box>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sorted.map((region, index) => {
                  const data = results[index]?.data;
                  return (
                    <tr key={region} data-testid={`region-row-${region}`}>
                      <Box component="th" scope="row" sx={{ ...cellSx(false), fontWeight: 600 }}>
                        {REGION_LABELS[region]}
                      </Box>
                      {COLUMNS.map((column) => (
                        <Box component="td" key={column.label} sx={{ ...cellSx(false), textAlign: 'right' }}>
                          {data ? (
                            formatFigure(column.value(data), column.kind)
                          ) : results[index]?.isError ? (
                            '–'
                          ) : (
                            <CircularProgress size={14} aria-label="wird geladen" />
                          )}
                        </Box>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </Box>
          </Paper>
        </>
      )}
    </Box>
  );
}

function cellSx(head: boolean) {
  return {
    px: 1,
    py: 0.75,
    borderBottom: 1,
    borderColor: 'divider',
    textAlign: 'left',
    whiteSpace: head ? 'normal' : 'nowrap',
    verticalAlign: 'bottom',
  } as const;
}
