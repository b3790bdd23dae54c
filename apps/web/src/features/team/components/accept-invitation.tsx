import '../../../lib/locales/register-team-texts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { acceptInvitationRequestSchema, ROUTES, type InvitationInfo } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from '../../../lib/router';
import { z } from 'zod';
import { CenteredProgress } from '../../../components/feedback/centered-progress';
import { ErrorState } from '../../../components/feedback/error-state';
import { FormTextField } from '../../../components/form/form-text-field';
import { NewPasswordFields } from '../../../components/form/new-password-fields';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dayjs';
import { apiErrorMessage, applyServerFieldErrors, muiField } from '../../../lib/form';
import { i18n, useTranslation } from '../../../lib/i18n';
import { useSupportEmail } from '../../../lib/session';
import { useSignIn, usePostLogin } from '../../auth';
import { invitationQueryOptions, useAcceptInvitation } from '../api/team-api';

/** Why a link cannot be used: unknown/expired/used (404) or the address has an account (409). */
type Refusal = 'invalid' | 'taken';

function refusalOf(error: unknown): Refusal | null {
  if (!isApiError(error)) return null;
  if (error.status === 404) return 'invalid';
  if (error.status === 409) return 'taken';
  return null;
}

function ToLoginButton() {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={ROUTES.Login.path} variant="contained" sx={{ mt: 3 }}>
      {t('common.toLogin')}
    </Button>
  );
}

function RefusedInvitation({ refusal }: { refusal: Refusal }) {
  const { t } = useTranslation();
  const supportEmail = useSupportEmail();
  return (
    <>
      <Alert severity={refusal === 'taken' ? 'info' : 'error'} role="alert">
        <AlertTitle>{refusal === 'taken' ? t('invitation.takenTitle') : t('invitation.invalidTitle')}</AlertTitle>
        {refusal === 'taken' ? t('invitation.takenText') : t('invitation.invalidText', { email: supportEmail })}
      </Alert>
      <ToLoginButton />
    </>
  );
}

const acceptFormSchema = acceptInvitationRequestSchema
  .extend({ repeatPassword: z.string() })
  .refine((values) => values.password === values.repeatPassword, {
    path: ['repeatPassword'],
    error: () => i18n.t('common.passwordsDiffer'),
  });
type AcceptFormInput = z.input<typeof acceptFormSchema>;
type AcceptFormValues = z.output<typeof acceptFormSchema>;

function AcceptForm({
  token,
  invitation,
  onRefused,
}: {
  token: string;
  invitation: InvitationInfo;
  onRefused: (refusal: Refusal) => void;
}) {
  const { t } = useTranslation();
  const accept = useAcceptInvitation(token);
  const signIn = useSignIn();
  const postLogin = usePostLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  /** The account exists but signing in failed: the person signs in on the login screen. */
  const [signInFailed, setSignInFailed] = useState(false);
  const form = useForm<AcceptFormInput, unknown, AcceptFormValues>({
    resolver: zodResolver(acceptFormSchema),
    defaultValues: { name: invitation.name, password: '', repeatPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name, password }) => {
    setServerError(null);
    let email: string;
    try {
      email = (await accept.mutateAsync({ name, password })).email;
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return onRefused(refusal);
      if (applyServerFieldErrors(error, form.setError)) return;
      setServerError(apiErrorMessage(error) ?? t('feedback.actionFailed'));
      return;
    }
    try {
      await signIn.mutateAsync({ email, password, rememberMe: false });
      // The legal gate asks for the legal texts, then the app routes on as after any sign-in.
      const result = await postLogin(null);
      if (result === 'signedOut') setSignInFailed(true);
    } catch (error) {
      console.error(error);
      setSignInFailed(true);
    }
  });

  if (signInFailed) {
    return (
      <>
        <Alert severity="warning" role="alert">
          {t('invitation.signInFailed')}
        </Alert>
        <ToLoginButton />
      </>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Typography sx={{ mb: 1 }}>{t('invitation.intro', { organization: invitation.organizationName })}</Typography>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {t('invitation.emailInfo', { email: invitation.email })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('invitation.validUntil', { date: formatDate(invitation.expiresAt) })}
      </Typography>
      {serverError && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {serverError}
        </Alert>
      )}
      {/* For password managers: the account this password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
      <FormTextField
        {...muiField(form.register('name'))}
        label={t('invitation.nameLabel')}
        autoComplete="name"
        error={Boolean(errors.name)}
        helperText={errors.name?.message}
      />
      <NewPasswordFields
        register={form.register}
        errors={errors}
        passwordName="password"
        repeatName="repeatPassword"
        passwordLabel={t('invitation.password')}
        repeatLabel={t('invitation.repeatPassword')}
      />
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }} loading={isSubmitting}>
        {t('invitation.submit')}
      </Button>
    </Box>
  );
}

/** /authaction?mode=invite&token=…: shows company and address, sets name and password, accepts, signs in. */
export function AcceptInvitationAction({ token }: { token: string }) {
  const query = useQuery(invitationQueryOptions(token));
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  if (refusal) return <RefusedInvitation refusal={refusal} />;
  if (query.isPending) return <CenteredProgress />;
  if (query.isError) {
    const refused = refusalOf(query.error);
    return refused ? <RefusedInvitation refusal={refused} /> : <ErrorState onRetry={() => void query.refetch()} />;
  }
  return <AcceptForm token={token} invitation={query.data} onRefused={setRefusal} />;
}
