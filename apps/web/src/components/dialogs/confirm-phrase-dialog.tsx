import Alert from '@mui/material/Alert';
import '../../lib/locales/register-company-texts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';

/** The typed phrase must match exactly (surrounding spaces ignored). */
export function isPhraseConfirmed(typed: string, phrase: string): boolean {
  return typed.trim() === phrase;
}

export interface ConfirmPhraseDialogProps {
  open: boolean;
  title: string;
  /** What happens, irreversibly. */
  children: ReactNode;
  phrase: string;
  confirmLabel: string;
  pending?: boolean;
  /** An error of the last attempt, shown in the dialog. */
  error?: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}

/** A destructive action that the user confirms by typing a phrase (spec §5). */
export function ConfirmPhraseDialog({
  open,
  title,
  children,
  phrase,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmPhraseDialogProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const titleId = useId();
  const descriptionId = useId();
  const confirmed = isPhraseConfirmed(typed, phrase);
  const close = () => {
    if (pending) return;
    setTyped('');
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <div id={descriptionId}>{children}</div>
        <Typography sx={{ mt: 2 }}>
          {t('dialogs.typePhraseBefore')} <strong>{phrase}</strong> {t('dialogs.typePhraseAfter')}
        </Typography>
        <TextField
          autoFocus
          fullWidth
          margin="normal"
          label={t('dialogs.phraseLabel')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && confirmed && !pending) onConfirm();
          }}
        />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" color="error" disabled={!confirmed} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
