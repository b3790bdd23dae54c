import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailRequestSchema, type ChangeEmailRequest } from '@matchwerk/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import type { z } from 'zod';
import { FormField } from '../../../components/form/form-field';
import { PasswordField } from '../../../components/form/password-field';
import { isApiError } from '../../../lib/api-client';
import { authErrorMessage } from '../../../lib/auth-errors';
import { muiField } from '../../../lib/form';
import { useChangeEmail } from '../api/account-api';

export function ChangeEmailForm() {
  const { t } = useTranslation();
  const change = useChangeEmail();
  const form = useForm<z.input<typeof changeEmailRequestSchema>, unknown, ChangeEmailRequest>({
    resolver: zodResolver(changeEmailRequestSchema),
    defaultValues: { newEmail: '', currentPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => change.mutate(values, { onSuccess: () => form.reset() }));

  const errorText =
    change.isError &&
    (isApiError(change.error) && change.error.code === 'INVALID_PASSWORD'
      ? t('help.wrongPassword')
      : isApiError(change.error) && change.error.status === 400
        ? change.error.message
        : authErrorMessage(change.error));

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('help.changeEmailTitle')}>
      {change.isSuccess && (
        <Alert severity="success" role="status">
          {t('help.emailChangeRequested')}
        </Alert>
      )}
      {errorText && <Alert severity="error">{errorText}</Alert>}
      <FormField control={form.control} name="newEmail" label={t('help.newEmail')} type="email" autoComplete="email" />
      <PasswordField
        {...muiField(form.register('currentPassword'))}
        label={t('help.currentPassword')}
        autoComplete="current-password"
        error={Boolean(errors.currentPassword)}
        helperText={errors.currentPassword?.message}
      />
      <Button type="submit" variant="contained" sx={{ mt: 2 }} loading={change.isPending}>
        {t('help.changeEmail')}
      </Button>
    </Box>
  );
}
