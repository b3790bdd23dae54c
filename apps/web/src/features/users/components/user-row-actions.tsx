import ListItemText from '@mui/material/ListItemText';
import type { UserListItem } from '@matchwerk/shared';
import { RowActionsMenu } from '../../../components/lists/row-actions-menu';
import { useTranslation } from '../../../lib/i18n';

export type UserRowAction =
  'edit' | 'history' | 'disable' | 'enable' | 'passwordReset' | 'resendConfirmation' | 'resendInvitation' | 'delete';

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

/**
 * The row's menu: edit, history, disable/enable, resend the invitation (only while the user has
 * not set a password, ADR 0124), password reset, resend confirmation, delete.
 */
export function UserRowActions({ user, isSelf, onAction }: UserRowActionsProps) {
  const { t } = useTranslation();
  const entries: Entry[] = [
    { action: 'edit', label: t('users.edit') },
    { action: 'history', label: t('users.history') },
    user.disabled
      ? { action: 'enable', label: t('users.enable') }
      : { action: 'disable', label: t('users.disable'), unavailable: isSelf ? t('users.selfDisableHint') : undefined },
    ...(user.invitationPending ? [{ action: 'resendInvitation' as const, label: t('users.resendInvitation') }] : []),
    { action: 'passwordReset', label: t('users.sendReset') },
    {
      action: 'resendConfirmation',
      label: t('users.resendConfirmation'),
      unavailable: user.emailVerified ? t('users.verifiedHint') : undefined,
    },
    { action: 'delete', label: t('users.delete'), unavailable: isSelf ? t('users.selfDeleteHint') : undefined },
  ];
  return (
    <RowActionsMenu
      label={t('users.actionsFor', { email: user.email })}
      entries={entries.map(({ action, label, unavailable }) => ({
        action,
        // The reason stays readable under the greyed entry, not only as its title.
        content: <ListItemText primary={label} secondary={unavailable} sx={{ whiteSpace: 'normal', maxWidth: 280 }} />,
        unavailable,
      }))}
      onAction={(action) => onAction(action, user)}
    />
  );
}
