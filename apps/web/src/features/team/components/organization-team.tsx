import '../../../lib/locales/register-team-texts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TeamInvitation, TeamMember } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { FormSection } from '../../../components/layout/form-section';
import { formatDate, formatTimestamp } from '../../../lib/dayjs';
import { apiErrorMessage } from '../../../lib/form';
import { useUiStore } from '../../../stores/ui-store';
import { teamQueryOptions, useRemoveMember, useRevokeInvitation } from '../api/team-api';
import { InviteDialog } from './invite-dialog';

export interface OrganizationTeamProps {
  organizationId: string;
  /** 'own': Mein Unternehmen ("Team"); 'manage': an admin or partner on /organization/:id. */
  variant?: 'own' | 'manage';
}

/** One row: the person on the left, its action on the right; wraps below each other on phones. */
function Row({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <ListItem disableGutters divider sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1.5 }}>
      <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>{children}</Box>
      {action}
    </ListItem>
  );
}

function MemberRow({ member, onRemove }: { member: TeamMember; onRemove: (member: TeamMember) => void }) {
  const { t } = useTranslation();
  return (
    <Row
      action={
        !member.isSelf && (
          <Button
            size="small"
            color="error"
            variant="outlined"
            onClick={() => onRemove(member)}
            aria-label={t('team.removeLabel', { name: member.name })}
          >
            {t('team.remove')}
          </Button>
        )
      }
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{member.name}</Typography>
        {member.isSelf && <Chip size="small" color="primary" label={t('team.self')} />}
        {member.disabled && <Chip size="small" color="error" variant="outlined" label={t('team.disabled')} />}
        <Chip
          size="small"
          variant="outlined"
          color={member.emailVerified ? 'success' : 'warning'}
          label={member.emailVerified ? t('team.confirmed') : t('team.unconfirmed')}
        />
      </Stack>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {member.email}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {member.lastSignInAt
          ? t('team.lastSignIn', { date: formatTimestamp(member.lastSignInAt) })
          : t('team.neverSignedIn')}
      </Typography>
    </Row>
  );
}

function InvitationRow({
  invitation,
  pending,
  onRevoke,
}: {
  invitation: TeamInvitation;
  pending: boolean;
  onRevoke: (invitation: TeamInvitation) => void;
}) {
  const { t } = useTranslation();
  return (
    <Row
      action={
        <Button
          size="small"
          variant="outlined"
          loading={pending}
          onClick={() => onRevoke(invitation)}
          aria-label={t('team.revokeLabel', { email: invitation.email })}
        >
          {t('team.revoke')}
        </Button>
      }
    >
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{invitation.name}</Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {invitation.email}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('team.invitedOn', { date: formatDate(invitation.createdAt) })},{' '}
        {t('team.validUntil', { date: formatDate(invitation.expiresAt) })}
      </Typography>
    </Row>
  );
}

function RemoveDialog({
  organizationId,
  member: current,
  onClose,
}: {
  organizationId: string;
  member: TeamMember | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // The text stays while the dialog fades out after `current` became null.
  const [member, setMember] = useState(current);
  if (current && current !== member) setMember(current);
  const titleId = useId();
  const textId = useId();
  const remove = useRemoveMember(organizationId);
  const showSnackbar = useUiStore((s) => s.showSnackbar);
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!member) return;
    remove.mutate(member.id, {
      onSuccess: () => {
        showSnackbar(t('team.removed', { name: member.name }));
        remove.reset();
        onClose();
      },
    });
  };
  return (
    <Dialog
      open={current !== null}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('team.removeTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {member && t('team.removeText', { name: member.name, email: member.email })}
        </DialogContentText>
        {remove.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {apiErrorMessage(remove.error) ?? t('feedback.actionFailed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} disabled={remove.isPending} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" color="error" loading={remove.isPending} onClick={confirm}>
          {t('team.removeConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function LoadingRows() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('common.loading')}>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} variant="rectangular" height={56} sx={{ my: 1, borderRadius: 1 }} />
      ))}
    </Box>
  );
}

/**
 * The colleagues of an organisation and its open invitations: invite by e-mail, revoke an
 * invitation, remove a colleague (after a confirmation). Nobody removes themselves here.
 */
export function OrganizationTeam({ organizationId, variant = 'own' }: OrganizationTeamProps) {
  const { t } = useTranslation();
  const query = useQuery(teamQueryOptions(organizationId));
  const revoke = useRevokeInvitation(organizationId);
  const showSnackbar = useUiStore((s) => s.showSnackbar);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const invitationsHeadingId = useId();

  const inviteButton = (
    <Button variant="contained" onClick={() => setInviteOpen(true)}>
      {t('team.invite')}
    </Button>
  );
  const onRevoke = (invitation: TeamInvitation) =>
    revoke.mutate(invitation.id, { onSuccess: () => showSnackbar(t('team.revoked', { email: invitation.email })) });

  let content: ReactNode;
  if (query.isPending) content = <LoadingRows />;
  else if (query.isError) content = <ErrorState onRetry={() => void query.refetch()} />;
  else {
    const { members, invitations } = query.data;
    content = (
      <>
        {members.length === 0 && invitations.length === 0 ? (
          <EmptyState text={t('team.empty')} action={inviteButton} />
        ) : (
          <>
            <Box sx={{ mb: 1 }}>{inviteButton}</Box>
            {members.length > 0 && (
              <List aria-label={t('team.membersLabel')} disablePadding>
                {members.map((member) => (
                  <MemberRow key={member.id} member={member} onRemove={setRemoving} />
                ))}
              </List>
            )}
          </>
        )}
        {invitations.length > 0 && (
          <Box component="section" aria-labelledby={invitationsHeadingId} sx={{ mt: 3 }}>
            <Typography id={invitationsHeadingId} variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
              {t('team.invitationsTitle')}
            </Typography>
            {revoke.isError && (
              <Alert severity="error" role="alert" sx={{ mt: 1 }}>
                {apiErrorMessage(revoke.error) ?? t('feedback.actionFailed')}
              </Alert>
            )}
            <List aria-label={t('team.invitationsTitle')} disablePadding>
              {invitations.map((invitation) => (
                <InvitationRow
                  key={invitation.id}
                  invitation={invitation}
                  pending={revoke.isPending && revoke.variables === invitation.id}
                  onRevoke={onRevoke}
                />
              ))}
            </List>
          </Box>
        )}
      </>
    );
  }

  return (
    <FormSection
      title={variant === 'own' ? t('team.titleOwn') : t('team.titleManage')}
      description={variant === 'own' ? t('team.descriptionOwn') : t('team.descriptionManage')}
    >
      {content}
      <InviteDialog organizationId={organizationId} open={inviteOpen} onClose={() => setInviteOpen(false)} />
      <RemoveDialog organizationId={organizationId} member={removing} onClose={() => setRemoving(null)} />
    </FormSection>
  );
}
