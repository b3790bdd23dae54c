import { zodResolver } from '@hookform/resolvers/zod';
import { REGION_OPTIONS, signupRequestSchema, UI_MESSAGES, type Region, type SignupRequest } from '@matchwerk/shared';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { PlainAlert } from '../../../components/plain/plain-alert';
import { PlainButton } from '../../../components/plain/plain-button';
import {
  PlainCheckboxField,
  PlainPasswordField,
  PlainSelectField,
  PlainTextField,
} from '../../../components/plain/plain-text-field';
import { authErrorMessage } from '../../../lib/auth-errors';
import { useTranslation } from '../../../lib/i18n';
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

/** The signup, in the login's plain frame and controls (ADR 0064). */
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
      <div role="status">
        <PlainAlert severity="success" role="none">
          {UI_MESSAGES.signupCheckMail}
        </PlainAlert>
        {/* The release step is no surprise (issue 48 item 3): who releases, what happens until then. */}
        <PlainAlert severity="info" role="none">
          {UI_MESSAGES.signupRelease}
        </PlainAlert>
        {resend.isSuccess ? (
          <PlainAlert severity="info" role="none">
            {UI_MESSAGES.verificationResent}
          </PlainAlert>
        ) : (
          <PlainButton onClick={() => resend.mutate(signedUpEmail)} loading={resend.isPending}>
            {t('auth.resendSignup')}
          </PlainButton>
        )}
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      {signup.isError && <PlainAlert severity="error">{authErrorMessage(signup.error)}</PlainAlert>}
      <PlainTextField
        {...form.register('companyName')}
        label={t('auth.companyName')}
        autoComplete="organization"
        error={Boolean(errors.companyName)}
        helperText={errors.companyName?.message}
      />
      <PlainTextField
        {...form.register('userName')}
        label={t('auth.userName')}
        autoComplete="name"
        error={Boolean(errors.userName)}
        helperText={errors.userName?.message}
      />
      <PlainTextField
        {...form.register('email')}
        label={t('common.emailLabel')}
        type="email"
        autoComplete="email"
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
      />
      <PlainPasswordField
        {...form.register('password')}
        label={t('common.passwordLabel')}
        autoComplete="new-password"
        error={Boolean(errors.password)}
        helperText={errors.password?.message ?? t('common.passwordHelp')}
      />
      <PlainSelectField
        {...form.register('region')}
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
      </PlainSelectField>
      <PlainCheckboxField
        {...form.register('termsAndConditionsChecked')}
        errorText={errors.termsAndConditionsChecked?.message}
        label={
          <>
            {t('auth.termsBefore')}
            <a className="mw-link" href={LEGAL_PAGES.terms} target="_blank" rel="noopener">
              {t('auth.termsLink')}
            </a>
            {t('auth.termsMiddle')}
            <a className="mw-link" href={LEGAL_PAGES.privacy} target="_blank" rel="noopener">
              {t('auth.privacyLink')}
            </a>
            {t('auth.termsAfter')}
          </>
        }
      />
      <PlainButton
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={signup.isPending}
        style={{ marginTop: 16 }}
      >
        {t('auth.signUp')}
      </PlainButton>
    </form>
  );
}
