import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFieldsSchema, newPasswordDiffers, PASSWORD_MESSAGES } from '@matchwerk/shared';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { NewPasswordFields } from '../../../components/form/new-password-fields';
import { PasswordField } from '../../../components/form/password-field';
import { isApiError } from '../../../lib/api-client';
import { authErrorMessage } from '../../../lib/auth-errors';
import { muiField } from '../../../lib/form';
import { i18n, useTranslation } from '../../../lib/i18n';
import { useChangePassword } from '../api/account-api';

const formSchema = changePasswordFieldsSchema
  .extend({ repeatPassword: z.string() })
  .refine(newPasswordDiffers, { path: ['newPassword'], error: PASSWORD_MESSAGES.sameAsCurrent })
  .refine((v) => v.newPassword === v.repeatPassword, {
    path: ['repeatPassword'],
    error: () => i18n.t('common.passwordsDiffer'),
  });
type FormValues = z.infer<typeof formSchema>;

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: '', newPassword: '', repeatPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate({ currentPassword, newPassword }, { onSuccess: () => form.reset() }),
  );

  const errorText =
    change.isError &&
    (isApiError(change.error) && change.error.code === 'INVALID_PASSWORD'
      ? t('help.wrongPassword')
      : authErrorMessage(change.error));

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('help.changePasswordTitle')}>
      {change.isSuccess && (
        <Alert severity="success" role="status">
          {t('help.passwordChanged')}
        </Alert>
      )}
      {errorText && <Alert severity="error">{errorText}</Alert>}
      <PasswordField
        {...muiField(form.register('currentPassword'))}
        label={t('help.currentPassword')}
        autoComplete="current-password"
        error={Boolean(errors.currentPassword)}
        helperText={errors.currentPassword?.message}
      />
      <NewPasswordFields
        register={form.register}
        errors={errors}
        passwordName="newPassword"
        repeatName="repeatPassword"
        passwordLabel={t('help.newPassword')}
        repeatLabel={t('help.repeatPassword')}
      />
      <Button type="submit" variant="contained" sx={{ mt: 2 }} loading={change.isPending}>
        {t('help.changePassword')}
      </Button>
    </Box>
  );
}
