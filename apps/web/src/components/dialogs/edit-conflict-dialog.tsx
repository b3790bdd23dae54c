import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import '../../lib/locales/register-company-texts';
import { useTranslation } from '../../lib/i18n';

/** One field whose value in the form differs from the newest stored version. */
export interface ConflictField {
  path: string;
  label: string;
  /** What the user typed, as copyable plain text. */
  yours: string;
}

export interface EditConflictDialogProps {
  open: boolean;
  /** The user's values that the stored version does not have (lost when reloading). */
  fields: readonly ConflictField[];
  /** Replaces the form with the newest stored version. */
  onReload: () => void;
  /** Closes the dialog; the form keeps what the user typed. */
  onClose: () => void;
}

/**
 * Shown when a save was refused with 412: someone else saved the record in the meantime. Nothing
 * of the user's input is lost here: the form keeps it until they choose to reload, and the
 * dialog lists their differing values in read-only fields to copy.
 */
export function EditConflictDialog({ open, fields, onReload, onClose }: EditConflictDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('dialogs.conflictTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('dialogs.conflictText')}</DialogContentText>
        {fields.length > 0 ? (
          <>
            <DialogContentText sx={{ mt: 2 }}>{t('dialogs.conflictFieldsIntro')}</DialogContentText>
            <Stack spacing={2} sx={{ mt: 1 }}>
              {fields.map((field) => (
                <TextField
                  key={field.path}
                  label={field.label}
                  value={field.yours || t('dialogs.conflictEmpty')}
                  multiline
                  maxRows={8}
                  fullWidth
                  slotProps={{ htmlInput: { readOnly: true } }}
                />
              ))}
            </Stack>
          </>
        ) : (
          <DialogContentText sx={{ mt: 2 }}>{t('dialogs.conflictNoFields')}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} autoFocus>
          {t('dialogs.conflictKeepEditing')}
        </Button>
        <Button variant="contained" onClick={onReload}>
          {t('dialogs.conflictReload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
