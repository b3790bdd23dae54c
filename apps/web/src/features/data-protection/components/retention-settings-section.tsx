import '../../../lib/locales/register-data-protection-texts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  RETENTION_BOUNDS,
  retentionSettingsInputSchema,
  type RetentionSettings,
  type RetentionSettingsInput,
} from '@matchwerk/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { CenteredProgress } from '../../../components/feedback/centered-progress';
import { ErrorState } from '../../../components/feedback/error-state';
import { FormTextField } from '../../../components/form/form-text-field';
import { formatTimestamp } from '../../../lib/dayjs';
import { apiErrorMessage, applyServerFieldErrors, muiField } from '../../../lib/form';
import { useRetentionSettings, useSaveRetentionSettings } from '../api/data-protection-api';

function RetentionForm({ settings }: { settings: RetentionSettings }) {
  const { t } = useTranslation();
  const save = useSaveRetentionSettings();
  const form = useForm<RetentionSettingsInput>({
    resolver: zodResolver(retentionSettingsInputSchema),
    defaultValues: {
      matchingRetentionMonths: settings.matchingRetentionMonths,
      candidateInactivityMonths: settings.candidateInactivityMonths,
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) =>
        form.reset({
          matchingRetentionMonths: saved.matchingRetentionMonths,
          candidateInactivityMonths: saved.candidateInactivityMonths,
        }),
      onError: (error) => applyServerFieldErrors(error, form.setError),
    }),
  );
  const bounds = RETENTION_BOUNDS;
  const failed = save.isError ? (apiErrorMessage(save.error) ?? t('feedback.actionFailed')) : undefined;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('dataProtection.retentionTitle')}>
      <div aria-live="polite">
        {save.isSuccess && !form.formState.isDirty && (
          <Alert severity="success" role="status">
            {t('dataProtection.saved')}
          </Alert>
        )}
      </div>
      {failed && <Alert severity="error">{failed}</Alert>}
      <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField
          {...muiField(form.register('matchingRetentionMonths', { valueAsNumber: true }))}
          type="number"
          label={t('dataProtection.matchingMonths')}
          error={Boolean(errors.matchingRetentionMonths)}
          helperText={
            errors.matchingRetentionMonths?.message ??
            t('dataProtection.matchingMonthsHelp', bounds.matchingRetentionMonths)
          }
        />
        <FormTextField
          {...muiField(form.register('candidateInactivityMonths', { valueAsNumber: true }))}
          type="number"
          label={t('dataProtection.candidateMonths')}
          error={Boolean(errors.candidateInactivityMonths)}
          helperText={
            errors.candidateInactivityMonths?.message ??
            t('dataProtection.candidateMonthsHelp', bounds.candidateInactivityMonths)
          }
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {settings.updatedAt
          ? t('dataProtection.lastChanged', { at: formatTimestamp(settings.updatedAt) })
          : t('dataProtection.defaults')}
      </Typography>
      <Button type="submit" variant="contained" sx={{ mt: 2 }} loading={save.isPending}>
        {t('dataProtection.save')}
      </Button>
    </Box>
  );
}

/** Administrators (help page): how long matchings, chats and inactive candidate accounts are kept (issue #14). */
export function RetentionSettingsSection() {
  const { t } = useTranslation();
  const settings = useRetentionSettings();
  return (
    <Box component="section" aria-labelledby="aufbewahrungsfristen-titel" sx={{ mt: 4 }}>
      <Typography id="aufbewahrungsfristen-titel" variant="h3" component="h3" sx={{ mb: 1 }}>
        {t('dataProtection.retentionTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('dataProtection.retentionIntro')}
      </Typography>
      {settings.isPending ? (
        <CenteredProgress />
      ) : settings.isError ? (
        <ErrorState text={t('dataProtection.loadFailed')} onRetry={() => void settings.refetch()} />
      ) : (
        <RetentionForm settings={settings.data} />
      )}
    </Box>
  );
}
