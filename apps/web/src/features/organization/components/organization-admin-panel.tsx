import '../../../lib/locales/register-organizations-texts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { DELETE_ACCOUNT_PHRASE, href, POSTING_TYPE_LABELS, type Organization } from '@matchwerk/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink, useNavigate } from '../../../lib/router';
import { ConfirmPhraseDialog } from '../../../components/dialogs/confirm-phrase-dialog';
import { ErrorState } from '../../../components/feedback/error-state';
import { FormSection } from '../../../components/layout/form-section';
import { apiErrorMessage } from '../../../lib/form';
import { useUiStore } from '../../../stores/ui-store';
import {
  organizationKeys,
  organizationVacanciesQueryOptions,
  useDeleteOrganization,
  useToggleOrganizationStatus,
} from '../api/organization-api';

/** Status, switches and postings of an organisation for admins and partners (/organization/:id). */
export function OrganizationAdminPanel({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const toggle = useToggleOrganizationStatus(organization.id);
  const showSnackbar = useUiStore((s) => s.showSnackbar);
  const [pendingField, setPendingField] = useState<'active' | 'member' | null>(null);

  const flip = async (field: 'active' | 'member') => {
    setPendingField(field);
    try {
      const saved = await toggle.mutateAsync(field);
      const name = organization.name;
      showSnackbar(
        field === 'member'
          ? t(saved.member ? 'organizations.memberSet' : 'organizations.memberUnset', { name })
          : !saved.active
            ? t('organizations.deactivated', { name })
            : organization.waitingForApproval
              ? t('organizations.approved', { name })
              : t('organizations.activated', { name }),
      );
    } catch (error) {
      showSnackbar(apiErrorMessage(error) ?? t('organizations.toggleFailed'));
    } finally {
      setPendingField(null);
    }
  };

  return (
    <FormSection title={t('organizationAdmin.title')}>
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Chip
            label={organization.active ? t('organizationAdmin.statusActive') : t('organizationAdmin.statusInactive')}
            color={organization.active ? 'success' : 'default'}
          />
          {organization.member && (
            <Chip label={t('organizationAdmin.statusMember')} color="primary" variant="outlined" />
          )}
          {organization.waitingForApproval && <Chip label={t('organizationAdmin.statusNew')} color="warning" />}
        </Box>
        {organization.waitingForApproval && (
          <Alert
            severity="info"
            action={
              <Button
                color="inherit"
                variant="outlined"
                size="small"
                loading={pendingField === 'active'}
                onClick={() => void flip('active')}
              >
                {t('organizationAdmin.approve')}
              </Button>
            }
          >
            {t('organizationAdmin.waitingHint')}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <FormControlLabel
            control={
              <Switch
                checked={organization.active}
                disabled={pendingField !== null}
                onChange={() => void flip('active')}
              />
            }
            label={t('organizationAdmin.active')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={organization.member}
                disabled={pendingField !== null}
                onChange={() => void flip('member')}
              />
            }
            label={t('organizationAdmin.member')}
          />
        </Box>
        <OrganizationPostings organizationId={organization.id} />
      </Stack>
    </FormSection>
  );
}

function OrganizationPostings({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const query = useQuery(organizationVacanciesQueryOptions(organizationId));
  return (
    <Box component="section" aria-labelledby="organization-postings-title">
      <Typography id="organization-postings-title" variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
        {t('organizationAdmin.postingsTitle')}
      </Typography>
      {query.isPending ? (
        <Skeleton variant="rounded" height={80} />
      ) : query.isError ? (
        <ErrorState text={t('organizationAdmin.postingsError')} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <Typography color="text.secondary">{t('organizationAdmin.postingsEmpty')}</Typography>
      ) : (
        <List dense disablePadding>
          {query.data.items.map((vacancy) => (
            <ListItem key={vacancy.id} disableGutters>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={href('EditVacancy', { id: vacancy.id })}>
                    {vacancy.title}
                  </Link>
                }
                secondary={`${POSTING_TYPE_LABELS[vacancy.type]} · ${vacancy.active ? t('organizationAdmin.postingActive') : t('organizationAdmin.postingInactive')}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

/** Deleting an organisation someone manages: the typed phrase, then back to the list. */
export function OrganizationAdminDelete({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useDeleteOrganization(organization.id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const showSnackbar = useUiStore((s) => s.showSnackbar);
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        queryClient.removeQueries({ queryKey: organizationKeys.detail(organization.id) });
        void queryClient.invalidateQueries({ queryKey: ['organizations-admin'] });
        showSnackbar(t('organizationAdmin.deleted', { name: organization.name }));
        void navigate(href('Organizations'), { replace: true });
      },
    });
  return (
    <FormSection title={t('organizationAdmin.deleteTitle')} danger>
      <Typography sx={{ mb: 2 }}>{t('organizationAdmin.deleteDescription')}</Typography>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {t('organizationAdmin.deleteOpen')}
      </Button>
      <ConfirmPhraseDialog
        open={open}
        title={t('organizationAdmin.deleteDialogTitle')}
        phrase={DELETE_ACCOUNT_PHRASE}
        confirmLabel={t('organizationAdmin.deleteConfirm')}
        pending={remove.isPending}
        error={remove.isError ? (apiErrorMessage(remove.error) ?? t('organizations.toggleFailed')) : undefined}
        onConfirm={confirm}
        onClose={() => {
          remove.reset();
          setOpen(false);
        }}
      >
        <Typography>{t('organizationAdmin.deleteDialogText', { name: organization.name })}</Typography>
      </ConfirmPhraseDialog>
    </FormSection>
  );
}
