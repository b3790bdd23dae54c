import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIST_PAGE_SIZE_OPTIONS, REGION_LABELS, type ReportItem } from '@matchwerk/shared';
import { ListPagination } from '../../../components/lists/list-pagination';
import { formatTimestamp } from '../../../lib/dayjs';
import type { ListPaging } from '../../../lib/list-url-state';
import { ReportStatusChip } from './report-status-chip';
import { reasonOf, reportedWhat, reporterOf } from './report-text';

export interface ReportCardsProps {
  reports: readonly ReportItem[];
  /** Reports in all pages. */
  total: number;
  page: number;
  pageSize: number;
  onPagingChange: (changes: Partial<Pick<ListPaging<string>, 'page' | 'pageSize'>>) => void;
  onWork: (report: ReportItem) => void;
}

/** Phones: one card per report with its action, paged below. */
export function ReportCards({ reports, total, page, pageSize, onPagingChange, onWork }: ReportCardsProps) {
  return (
    <Box aria-label="Meldungen" component="section">
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {reports.map((report) => (
          <Paper component="li" key={report.id} variant="outlined" sx={{ p: 1.5 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{reportedWhat(report)}</Typography>
            <Typography variant="body2">{reasonOf(report)}</Typography>
            {report.text && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {report.text}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {formatTimestamp(report.createdAt)} · {REGION_LABELS[report.region]} · von {reporterOf(report)}
            </Typography>
            <Box sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <ReportStatusChip status={report.status} />
              <Box sx={{ flexGrow: 1 }} />
              <Button size="small" variant="outlined" onClick={() => onWork(report)}>
                Bearbeiten
              </Button>
            </Box>
          </Paper>
        ))}
      </Stack>
      <ListPagination
        count={total}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={LIST_PAGE_SIZE_OPTIONS}
        onPageChange={(next) => onPagingChange({ page: next })}
        onRowsPerPageChange={(next) => onPagingChange({ pageSize: next, page: 0 })}
      />
    </Box>
  );
}
