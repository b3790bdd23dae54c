import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatMessage, requestPasswordResetSchema, UI_MESSAGES, type RequestPasswordReset } from '@matchwerk/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { muiField } from '../../../lib/form';
import { useSupportEmail } from '../../../lib/session';
import { useRequestPasswordReset } from '../api/auth-api';

export interface ForgotPasswordDialogProps {
  open: boolean;
  onClose: () => void;
  initialEmail: string;
}

export function ForgotPasswordDialog({ open, onClose, initialEmail }: ForgotPasswordDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const supportEmail = useSupportEmail();
  const request = useRequestPasswordReset();
  const form = useForm<z.input<typeof requestPasswordResetSchema>, unknown, RequestPasswordReset>({
    resolver: zodResolver(requestPasswordResetSchema),
    values: { email: initialEmail },
  });
  const { errors } = form.formState;

  const close = () => {
    request.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(({ email }) => request.mutate(email));

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t('auth.forgotTitle')}</DialogTitle>
        <DialogContent>
          {request.isSuccess ? (
            <Alert severity="success" role="status">
              {formatMessage(UI_MESSAGES.passwordResetSent, { email: supportEmail })}
            </Alert>
          ) : (
            <>
              <DialogContentText>{t('auth.forgotIntro')}</DialogContentText>
              {request.isError && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {formatMessage(UI_MESSAGES.passwordResetFailed, { email: supportEmail })}
                </Alert>
              )}
              <FormTextField
                {...muiField(form.register('email'))}
                label={t('common.emailLabel')}
                type="email"
                autoComplete="email"
                error={Boolean(errors.email)}
                helperText={errors.email?.message}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{request.isSuccess ? t('common.close') : t('common.cancel')}</Button>
          {!request.isSuccess && (
            <Button type="submit" variant="contained" loading={request.isPending}>
              {t('auth.requestLink')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
