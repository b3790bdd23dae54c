import '../../../lib/locales/register-data-protection-texts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from '../../../lib/i18n';
import { FormSection } from '../../../components/layout/form-section';
import { apiErrorMessage } from '../../../lib/form';
import { useOrganizationExport } from '../api/data-protection-api';

/** "Mein Unternehmen" (and an administrator's view of an organisation): all its data as a ZIP (GDPR Art. 15/20). */
export function DataExportSection({ organizationId, admin = false }: { organizationId: string; admin?: boolean }) {
  const { t } = useTranslation();
  const download = useOrganizationExport(organizationId);
  return (
    <FormSection
      id="datenexport"
      title={t('dataProtection.exportTitle')}
      description={admin ? t('dataProtection.exportIntroAdmin') : t('dataProtection.exportIntro')}
    >
      <div aria-live="polite">
        {download.isPending && <Typography sx={{ mb: 1 }}>{t('dataProtection.exportPending')}</Typography>}
        {download.isSuccess && (
          <Alert severity="success" role="status" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {t('dataProtection.exportDone', { file: download.data.fileName })}
          </Alert>
        )}
      </div>
      {download.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {apiErrorMessage(download.error) ?? t('dataProtection.exportFailed')}
        </Alert>
      )}
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        loading={download.isPending}
        onClick={() => download.mutate()}
      >
        {t('dataProtection.exportButton')}
      </Button>
    </FormSection>
  );
}
