import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { zodResolver } from '@hookform/resolvers/zod';
import { REGION_OPTIONS, signupRequestSchema, UI_MESSAGES, type Region, type SignupRequest } from '@matchwerk/shared';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { FormTextField } from '../../../components/form/form-text-field';
import { PasswordField } from '../../../components/form/password-field';
import { authErrorMessage } from '../../../lib/auth-errors';
import { muiField } from '../../../lib/form';
import { LEGAL_PAGES } from '../../../lib/legal-pages';
import { useResendSignupConfirmation, useSignup } from '../api/auth-api';

/** Before validation the form may hold an empty region and an unticked box; the schema refuses both. */
interface SignupFormValues extends Omit<SignupRequest, 'region' | 'termsAndConditionsChecked'> {
  region: Region | '';
  termsAndConditionsChecked: boolean;
}

// The resolver validates the loose form values into the strict request type.
const signupResolver = zodResolver(signupRequestSchema) as unknown as Resolver<
  SignupFormValues,
  unknown,
  SignupRequest
>;

export function SignupForm() {
  const { t } = useTranslation();
  const signup = useSignup();
  const resend = useResendSignupConfirmation();
  const [signedUpEmail, setSignedUpEmail] = useState<string | null>(null);
  const form = useForm<SignupFormValues, unknown, SignupRequest>({
    resolver: signupResolver,
    defaultValues: {
      companyName: '',
      userName: '',
      email: '',
      password: '',
      region: '',
      termsAndConditionsChecked: false,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    await signup.mutateAsync(values).then(
      () => setSignedUpEmail(values.email),
      () => undefined, // shown inline below from signup.error
    );
  });

  if (signedUpEmail) {
    return (
      <Box role="status">
        <Alert severity="success">{UI_MESSAGES.signupCheckMail}</Alert>
        {resend.isSuccess ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {UI_MESSAGES.verificationResent}
          </Alert>
        ) : (
          <Button sx={{ mt: 2 }} onClick={() => resend.mutate(signedUpEmail)} loading={resend.isPending}>
            {t('auth.resendSignup')}
          </Button>
        )}
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      {signup.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {authErrorMessage(signup.error)}
        </Alert>
      )}
      <FormTextField
        {...muiField(form.register('companyName'))}
        label={t('auth.companyName')}
        autoComplete="organization"
        error={Boolean(errors.companyName)}
        helperText={errors.companyName?.message}
      />
      <FormTextField
        {...muiField(form.register('userName'))}
        label={t('auth.userName')}
        autoComplete="name"
        error={Boolean(errors.userName)}
        helperText={errors.userName?.message}
      />
      <FormTextField
        {...muiField(form.register('email'))}
        label={t('common.emailLabel')}
        type="email"
        autoComplete="email"
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
      />
      <PasswordField
        {...muiField(form.register('password'))}
        label={t('common.passwordLabel')}
        autoComplete="new-password"
        error={Boolean(errors.password)}
        helperText={errors.password?.message ?? t('common.passwordHelp')}
      />
      <FormTextField
        {...muiField(form.register('region'))}
        select
        label={t('auth.region')}
        error={Boolean(errors.region)}
        helperText={errors.region?.message}
      >
        <option value="" disabled>
          {t('auth.regionPlaceholder')}
        </option>
        {REGION_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </FormTextField>
      <Controller
        control={form.control}
        name="termsAndConditionsChecked"
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)} sx={{ mt: 1 }}>
            <FormControlLabel
              sx={{ alignItems: 'flex-start' }}
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref } }}
                  sx={{ mt: -0.75 }}
                />
              }
              label={
                <>
                  {t('auth.termsBefore')}
                  <Link href={LEGAL_PAGES.terms} target="_blank" rel="noopener">
                    {t('auth.termsLink')}
                  </Link>
                  {t('auth.termsMiddle')}
                  <Link href={LEGAL_PAGES.privacy} target="_blank" rel="noopener">
                    {t('auth.privacyLink')}
                  </Link>
                  {t('auth.termsAfter')}
                </>
              }
            />
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={signup.isPending} sx={{ mt: 2 }}>
        {t('auth.signUp')}
      </Button>
    </Box>
  );
}
