import Chip from '@mui/material/Chip';
import { REPORT_STATUS_LABELS, type ReportStatus } from '@matchwerk/shared';

const COLORS: Record<ReportStatus, 'warning' | 'info' | 'success'> = {
  OPEN: 'warning',
  IN_PROGRESS: 'info',
  DONE: 'success',
};

/** offen / in Bearbeitung / erledigt: the text carries the meaning, the colour only repeats it. */
export function ReportStatusChip({ status }: { status: ReportStatus }) {
  return <Chip size="small" label={REPORT_STATUS_LABELS[status]} color={COLORS[status]} />;
}
