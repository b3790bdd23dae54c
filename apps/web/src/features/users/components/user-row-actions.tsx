import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { UserListItem } from '@matchwerk/shared';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

export type UserRowAction =
  'edit' | 'history' | 'disable' | 'enable' | 'passwordReset' | 'resendConfirmation' | 'delete';

export interface UserRowActionsProps {
  user: UserListItem;
  /** The row is the signed-in user: disabling and deleting are refused (the server refuses too). */
  isSelf: boolean;
  onAction: (action: UserRowAction, user: UserListItem) => void;
}

interface Entry {
  action: UserRowAction;
  label: string;
  /** Why the action is not available (shown under the disabled entry, read out with it). */
  unavailable?: string | undefined;
}

/** The row's menu: edit, history, disable/enable, password reset, resend confirmation, delete. */
export function UserRowActions({ user, isSelf, onAction }: UserRowActionsProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const entries: Entry[] = [
    { action: 'edit', label: t('users.edit') },
    { action: 'history', label: t('users.history') },
    user.disabled
      ? { action: 'enable', label: t('users.enable') }
      : { action: 'disable', label: t('users.disable'), unavailable: isSelf ? t('users.selfDisableHint') : undefined },
    { action: 'passwordReset', label: t('users.sendReset') },
    {
      action: 'resendConfirmation',
      label: t('users.resendConfirmation'),
      unavailable: user.emailVerified ? t('users.verifiedHint') : undefined,
    },
    { action: 'delete', label: t('users.delete'), unavailable: isSelf ? t('users.selfDeleteHint') : undefined },
  ];
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={t('users.actionsFor', { email: user.email })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
        size="small"
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {entries.map((entry) => (
          <MenuItem
            key={entry.action}
            disabled={Boolean(entry.unavailable)}
            title={entry.unavailable}
            onClick={() => {
              close();
              onAction(entry.action, user);
            }}
          >
            <ListItemText
              primary={entry.label}
              secondary={entry.unavailable}
              sx={{ whiteSpace: 'normal', maxWidth: 280 }}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
