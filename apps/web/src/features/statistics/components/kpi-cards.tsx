import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import Link from '@mui/material/Link';
import {
  canAccessArea,
  csvFileName,
  ROUTES,
  toCsv,
  type StatisticsKpis,
  type StatisticsPeriod,
} from '@matchwerk/shared';
import { useId } from 'react';
import { downloadTextFile } from '../../../components/charts/download-csv';
import { changeTone, KPI_CSV_COLUMNS, kpiGroups, type KpiFigure } from '../lib/kpi-figures';
import { CHANGE_ARROWS, figureChange, formatFigure } from '../../../lib/statistics-format';
import { Link as RouterLink } from '../../../lib/router';
import { actorFor, useSession } from '../../../lib/session';

/** Figures that open the list behind them, for those who may see it (issue 48 item 3). */
const FIGURE_LINKS: Readonly<Record<string, { to: string; label: string }>> = {
  'organizations.waiting': { to: `${ROUTES.Organizations.path}?status=waiting`, label: 'Wartende Unternehmen ansehen' },
};

/**
 * Colours of a change by its meaning (green good, red bad, grey neither): a rising answer time
 * is red. The arrow and the words carry the direction, the colour only helps.
 */
const TONE_COLORS = { good: 'success.dark', bad: 'error.dark', neutral: 'text.secondary' } as const;

export interface KpiCardsProps {
  kpis: StatisticsKpis;
  period: StatisticsPeriod;
}

/** The key figures in groups of cards: one column on phones, up to four on wide screens. */
export function KpiCards({ kpis, period }: KpiCardsProps) {
  const groups = kpiGroups(kpis);
  const exportCsv = () =>
    downloadTextFile(
      csvFileName('statistik', 'kennzahlen', period.from, 'bis', period.to),
      toCsv(
        groups.flatMap((group) => group.figures),
        KPI_CSV_COLUMNS,
      ),
    );
  return (
    <Box component="section" aria-labelledby="kpi-heading" className="statistics-print-block" sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id="kpi-heading" variant="h2" sx={{ fontSize: '1.35rem', flexGrow: 1 }}>
          Kennzahlen
        </Typography>
        <Button
          className="no-print"
          size="small"
          startIcon={<DownloadIcon />}
          onClick={exportCsv}
          aria-label="Kennzahlen als CSV herunterladen"
        >
          CSV
        </Button>
      </Box>
      {groups.map((group) => (
        <KpiGroupSection key={group.title} title={group.title} figures={group.figures} />
      ))}
    </Box>
  );
}

function KpiGroupSection({ title, figures }: { title: string; figures: KpiFigure[] }) {
  const headingId = useId();
  const { user } = useSession();
  const canOpenOrganizations = user ? canAccessArea(actorFor(user), 'organizations') : false;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <Typography
        id={headingId}
        variant="h3"
        component="h3"
        sx={{ fontSize: '1.05rem', mb: 1, color: 'text.secondary' }}
      >
        {title}
      </Typography>
      <Box
        component="ul"
        data-testid="kpi-grid"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {figures.map((figure) => (
          <li key={figure.key}>
            <KpiCard figure={figure} link={canOpenOrganizations ? FIGURE_LINKS[figure.key] : undefined} />
          </li>
        ))}
      </Box>
    </Box>
  );
}

export function KpiCard({ figure, link }: { figure: KpiFigure; link?: { to: string; label: string } | undefined }) {
  const change = figure.previous === undefined ? null : figureChange(figure.value, figure.previous, figure.kind);
  return (
    <Paper variant="outlined" sx={{ p: 1.5, height: '100%', breakInside: 'avoid' }} data-testid={`kpi-${figure.key}`}>
      <Typography variant="body2" color="text.secondary" component="p">
        {figure.label}
      </Typography>
      <Typography component="p" sx={{ fontSize: '1.6rem', fontWeight: 600, lineHeight: 1.3 }} data-testid="kpi-value">
        {formatFigure(figure.value, figure.kind)}
      </Typography>
      {change && figure.previous !== undefined && (
        <Typography variant="body2" component="p" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          {change.text !== null && (
            <Box
              component="span"
              aria-hidden="true"
              sx={{ color: TONE_COLORS[changeTone(change.direction, figure.better)], fontWeight: 600 }}
              data-testid="kpi-change"
              data-tone={changeTone(change.direction, figure.better)}
            >
              {CHANGE_ARROWS[change.direction]} {change.text}
            </Box>
          )}
          <Box component="span" aria-hidden="true" sx={{ color: 'text.secondary' }}>
            Vorher: {formatFigure(figure.previous, figure.kind)}
          </Box>
          <Box component="span" sx={visuallyHidden}>
            {change.spoken}
          </Box>
        </Typography>
      )}
      {figure.hint && (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="kpi-hint">
          {figure.hint}
        </Typography>
      )}
      {link && (
        <Link
          component={RouterLink}
          to={link.to}
          variant="body2"
          className="no-print"
          sx={{ display: 'inline-block', py: 0.5 }}
        >
          {link.label}
        </Link>
      )}
    </Paper>
  );
}
