import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { UserListItem } from '@matchwerk/shared';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { AuditHistory } from '../../audit';

export interface UserHistoryDialogProps {
  user: UserListItem;
  onClose: () => void;
}

/** The audit history ("Verlauf") of one user, from the row menu of /users. */
export function UserHistoryDialog({ user, onClose }: UserHistoryDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>{t('users.historyTitle', { email: user.email })}</DialogTitle>
      <DialogContent>
        <AuditHistory userId={user.id} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
