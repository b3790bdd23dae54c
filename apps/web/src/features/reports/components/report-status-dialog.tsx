import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  REGION_LABELS,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_STATUS_LABELS,
  REPORT_STATUSES,
  type ReportItem,
  type ReportStatus,
} from '@matchwerk/shared';
import { useId, useState } from 'react';
import { formatTimestamp } from '../../../lib/dayjs';
import { apiErrorMessage } from '../../../lib/form';
import { useUiStore } from '../../../stores/ui-store';
import { useChangeReportStatus } from '../api/reports-api';
import { reasonOf, reportedWhat, reporterOf } from './report-text';

export interface ReportStatusDialogProps {
  report: ReportItem;
  onClose: () => void;
}

/** A report in full, and its new status with a note (kept on the report and in the log). */
export function ReportStatusDialog({ report, onClose }: ReportStatusDialogProps) {
  const titleId = useId();
  const [status, setStatus] = useState<ReportStatus>(report.status === 'OPEN' ? 'IN_PROGRESS' : report.status);
  const [note, setNote] = useState(report.statusNote ?? '');
  const [error, setError] = useState<string | undefined>();
  const showSnackbar = useUiStore((state) => state.showSnackbar);
  const change = useChangeReportStatus();

  const save = async () => {
    try {
      await change.mutateAsync({ id: report.id, change: { status, note: note.trim() || undefined } });
      showSnackbar(`Die Meldung ist jetzt „${REPORT_STATUS_LABELS[status]}“.`);
      onClose();
    } catch (failure) {
      setError(apiErrorMessage(failure) ?? 'Der Status konnte nicht geändert werden. Bitte versuchen Sie es erneut.');
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Meldung bearbeiten</DialogTitle>
      <DialogContent>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{reportedWhat(report)}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {formatTimestamp(report.createdAt)} · {REGION_LABELS[report.region]} · von {reporterOf(report)}
        </Typography>
        <Typography>Grund: {reasonOf(report)}</Typography>
        {report.text && (
          <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{report.text}</Typography>
        )}
        {report.contactEnded && (
          <Alert severity="info" sx={{ mt: 2 }}>
            Die Person hat den Kontakt zu diesem Unternehmen beendet.
          </Alert>
        )}
        <TextField
          select
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as ReportStatus)}
          fullWidth
          sx={{ mt: 3 }}
        >
          {REPORT_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {REPORT_STATUS_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Notiz (optional)"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { maxLength: REPORT_NOTE_MAX_LENGTH } }}
          helperText="Die Notiz steht im Protokoll. Das Unternehmen sieht sie nicht."
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Abbrechen</Button>
        <Button variant="contained" onClick={() => void save()} disabled={change.isPending}>
          Speichern
        </Button>
      </DialogActions>
    </Dialog>
  );
}
