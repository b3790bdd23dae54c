import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import {
  NOTIFICATION_INTERVAL_LABELS,
  NOTIFICATION_INTERVALS,
  notificationSettingsSchema,
  type CurrentUser,
  type NotificationSettings as NotificationSettingsValues,
} from '@matchwerk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { FormField } from '../../../components/form/form-field';
import { FormSection } from '../../../components/layout/form-section';
import { SETTINGS_SECTIONS } from '../../../lib/scroll-to-section';
import { useUiStore } from '../../../stores/ui-store';
import { useUpdateNotifications } from '../api/organization-api';

/** Notification settings of the signed-in user, saved on their own. */
export function NotificationSettings({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const update = useUpdateNotifications(user.id);
  const showSnackbar = useUiStore((s) => s.showSnackbar);
  const form = useForm<NotificationSettingsValues>({
    resolver: zodResolver(notificationSettingsSchema),
    defaultValues: user.notifications,
  });
  const notify = useWatch({ control: form.control, name: 'notifyViaMail' });

  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        form.reset(saved.notifications);
        showSnackbar(t('organization.notificationsSaved'));
      },
    }),
  );

  return (
    <FormSection
      id={SETTINGS_SECTIONS.notifications}
      title={t('organization.notificationsTitle')}
      description={t('organization.notificationsDescription')}
    >
      <Box component="form" noValidate onSubmit={submit} aria-label={t('organization.notificationsTitle')}>
        <Controller
          control={form.control}
          name="notifyViaMail"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(_e, checked) => field.onChange(checked)}
                  onBlur={field.onBlur}
                />
              }
              label={t('organization.notifyViaMail')}
            />
          )}
        />
        <FormField
          control={form.control}
          name="interval"
          select
          label={t('organization.interval')}
          disabled={!notify}
          sx={{ maxWidth: 320, display: 'flex' }}
        >
          {NOTIFICATION_INTERVALS.map((interval) => (
            <option key={interval} value={interval}>
              {NOTIFICATION_INTERVAL_LABELS[interval]}
            </option>
          ))}
        </FormField>
        <Button type="submit" variant="outlined" loading={update.isPending} sx={{ mt: 1 }}>
          {t('organization.notificationsSave')}
        </Button>
      </Box>
    </FormSection>
  );
}
