import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { normalizeLinkHref } from './link-href';

export interface RichTextLinkDialogProps {
  initial: string;
  onClose: () => void;
  onSubmit: (href: string) => void;
}

/** The address of a link. Mounted only while open, so each opening starts from the current link. */
export function RichTextLinkDialog({ initial, onClose, onSubmit }: RichTextLinkDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const titleId = useId();
  const submit = () => {
    const href = normalizeLinkHref(value);
    if (!href) {
      setInvalid(true);
      return;
    }
    onSubmit(href);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('richText.linkDialogTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('richText.linkAddress')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              submit();
            }
          }}
          error={invalid}
          helperText={invalid ? t('richText.linkInvalid') : t('richText.linkHint')}
          type="url"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit}>
          {t('richText.linkApply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
