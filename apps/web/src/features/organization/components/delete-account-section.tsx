import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DELETE_ACCOUNT_PHRASE, ROUTES } from '@matchwerk/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from '../../../lib/router';
import { ConfirmPhraseDialog } from '../../../components/dialogs/confirm-phrase-dialog';
import { FormSection } from '../../../components/layout/form-section';
import { SETTINGS_SECTIONS } from '../../../lib/scroll-to-section';
import { apiErrorMessage } from '../../../lib/form';
import { i18n, useTranslation } from '../../../lib/i18n';
import { sessionKeys } from '../../../lib/session';
import { useUiStore } from '../../../stores/ui-store';
import { useDeleteOrganization } from '../api/organization-api';

/** Danger zone: deletes the organisation with everything in it; the session ends with it. */
export function DeleteAccountSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useDeleteOrganization(organizationId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showSnackbar = useUiStore((s) => s.showSnackbar);
  const setLoggingOut = useUiStore((s) => s.setLoggingOut);

  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        // The session is gone with the account: forget every cached answer, go to a plain Login.
        setLoggingOut(true);
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.config[0] });
        queryClient.setQueryData(sessionKeys.currentUser, null);
        showSnackbar(t('organization.deleted'));
        void navigate(ROUTES.Login.path, { replace: true });
      },
    });

  return (
    <FormSection id={SETTINGS_SECTIONS.deleteAccount} title={t('organization.deleteTitle')} danger>
      <Typography sx={{ mb: 2 }}>{t('organization.deleteDescription')}</Typography>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {t('organization.deleteOpen')}
      </Button>
      <ConfirmPhraseDialog
        open={open}
        title={t('organization.deleteDialogTitle')}
        phrase={DELETE_ACCOUNT_PHRASE}
        confirmLabel={t('organization.deleteConfirm')}
        pending={remove.isPending}
        error={remove.isError ? (apiErrorMessage(remove.error) ?? i18n.t('feedback.actionFailed')) : undefined}
        onConfirm={confirm}
        onClose={() => {
          remove.reset();
          setOpen(false);
        }}
      >
        <Typography>{t('organization.deleteDialogText')}</Typography>
      </ConfirmPhraseDialog>
    </FormSection>
  );
}
