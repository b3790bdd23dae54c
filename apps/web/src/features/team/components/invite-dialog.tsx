import '../../../lib/locales/register-team-texts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  INVITATION_VALID_DAYS,
  teamInvitationRequestSchema,
  type TeamInvitationRequest,
  type TeamInvitationRequestParsed,
} from '@matchwerk/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { FormField } from '../../../components/form/form-field';
import { isApiError } from '../../../lib/api-client';
import { apiErrorMessage, applyServerFieldErrors } from '../../../lib/form';
import { useUiStore } from '../../../stores/ui-store';
import { useInviteColleague } from '../api/team-api';

export interface InviteDialogProps {
  organizationId: string;
  open: boolean;
  onClose: () => void;
}

/** E-mail and name of the colleague; the server's field errors (e.g. address taken) show at the fields. */
export function InviteDialog({ organizationId, open, onClose }: InviteDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const invite = useInviteColleague(organizationId);
  const showSnackbar = useUiStore((s) => s.showSnackbar);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<TeamInvitationRequest, unknown, TeamInvitationRequestParsed>({
    resolver: zodResolver(teamInvitationRequestSchema),
    defaultValues: { email: '', name: '' },
  });
  const { isSubmitting } = form.formState;

  const close = () => {
    if (isSubmitting) return;
    form.reset();
    setServerError(null);
    invite.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const invitation = await invite.mutateAsync(values);
      showSnackbar(t('team.invited', { email: invitation.email }));
      form.reset();
      onClose();
    } catch (error) {
      // Field errors go to their fields; anything else above the form.
      if (isApiError(error) && applyServerFieldErrors(error, form.setError)) return;
      setServerError(apiErrorMessage(error) ?? t('feedback.actionFailed'));
    }
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>{t('team.inviteTitle')}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary">{t('team.inviteIntro', { days: INVITATION_VALID_DAYS })}</Typography>
          {serverError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {serverError}
            </Alert>
          )}
          <FormField
            control={form.control}
            name="email"
            label={t('common.emailLabel')}
            type="email"
            autoComplete="off"
          />
          <FormField control={form.control} name="name" label={t('team.nameLabel')} autoComplete="off" />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('team.inviteSubmit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
