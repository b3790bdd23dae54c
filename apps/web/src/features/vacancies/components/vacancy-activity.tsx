import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatNumber, type VacancyListItem } from '@matchwerk/shared';

/** The activity figures of a posting, all time (issue #11). Counts of postings, not of people. */
const FIGURES = [
  { key: 'views', label: 'Aufrufe', title: 'Aufrufe durch Bewerberinnen und Bewerber (einmal pro Person und Tag)' },
  { key: 'interest', label: 'Interesse', title: 'Anfragen von Bewerberinnen und Bewerbern' },
  { key: 'accepted', label: 'angenommen', title: 'Angenommene Anfragen' },
] as const;

export interface VacancyActivityProps {
  item: Pick<VacancyListItem, 'views' | 'interest' | 'accepted'>;
  /** Table: one figure per line; cards: one line. */
  layout: 'stacked' | 'inline';
}

/** "Aufrufe 12 · Interesse 3 · angenommen 1" */
export function VacancyActivity({ item, layout }: VacancyActivityProps) {
  return (
    <Box
      component="ul"
      data-testid="vacancy-activity"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'flex',
        flexDirection: layout === 'stacked' ? 'column' : 'row',
        flexWrap: 'wrap',
        columnGap: 1.5,
      }}
    >
      {FIGURES.map((figure) => (
        <Typography
          key={figure.key}
          component="li"
          variant="body2"
          title={figure.title}
          sx={{ whiteSpace: 'nowrap' }}
          data-testid={`vacancy-activity-${figure.key}`}
        >
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {figure.label}
          </Box>{' '}
          <Box component="span" sx={{ fontWeight: 600 }}>
            {formatNumber(item[figure.key], 0)}
          </Box>
        </Typography>
      ))}
    </Box>
  );
}
