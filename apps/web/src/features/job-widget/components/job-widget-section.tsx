import '../../../lib/locales/register-job-widget-texts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { JOB_WIDGET_EMBEDS, jobWidgetSnippet, type JobWidgetEmbed, type Organization } from '@matchwerk/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { FormSection } from '../../../components/layout/form-section';
import { useUiStore } from '../../../stores/ui-store';
import { mountJobWidget } from '../../../widget/job-widget';

export interface JobWidgetSectionProps {
  organization: Pick<Organization, 'id' | 'active'>;
}

/** The widget itself, rendered by the same code the snippet loads, against this app's API. */
function JobWidgetPreview({ organizationId }: { organizationId: string }) {
  const hostRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = hostRef.current;
    // The widget renders into a Shadow DOM of this element: its styles stay out of the app and vice versa.
    if (host) void mountJobWidget(host, { organizationId, apiOrigin: window.location.origin, headingLevel: 4 });
  }, [organizationId]);
  return <div ref={hostRef} data-testid="job-widget-preview" />;
}

/**
 * Mein Unternehmen: the snippet an employer pastes into its own website to show its active
 * postings there (issue #13, ADR 0038), with a copy button and a live preview.
 */
export function JobWidgetSection({ organization }: JobWidgetSectionProps) {
  const { t } = useTranslation();
  const showSnackbar = useUiStore((s) => s.showSnackbar);
  const codeRef = useRef<HTMLTextAreaElement>(null);
  const previewHeadingId = useId();
  const embedLabelId = useId();
  const [embed, setEmbed] = useState<JobWidgetEmbed>('script');
  // PUBLIC_URL is the origin users' browsers see (ADR 0014), so this page's origin is the app's public one.
  const snippet = jobWidgetSnippet(window.location.origin, organization.id, embed);
  const embedLabels: Record<JobWidgetEmbed, string> = {
    script: t('jobWidget.embedScript'),
    iframe: t('jobWidget.embedIframe'),
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      showSnackbar(t('jobWidget.copied'));
    } catch {
      // No clipboard permission (or an old browser): select the code so Ctrl+C copies it.
      codeRef.current?.focus();
      codeRef.current?.select();
      showSnackbar(t('jobWidget.copyFailed'));
    }
  };

  return (
    <FormSection title={t('jobWidget.title')} description={t('jobWidget.description')}>
      <Stack spacing={2}>
        <Typography>{t('jobWidget.rules')}</Typography>
        {!organization.active && <Alert severity="info">{t('jobWidget.notReleased')}</Alert>}
        <FormControl>
          <FormLabel id={embedLabelId}>{t('jobWidget.embedLabel')}</FormLabel>
          <RadioGroup
            aria-labelledby={embedLabelId}
            value={embed}
            onChange={(event) => setEmbed(event.target.value as JobWidgetEmbed)}
          >
            {JOB_WIDGET_EMBEDS.map((value) => (
              <FormControlLabel key={value} value={value} control={<Radio />} label={embedLabels[value]} />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label={t('jobWidget.codeLabel')}
          value={snippet}
          multiline
          fullWidth
          inputRef={codeRef}
          onFocus={(event) => event.target.select()}
          helperText={embed === 'iframe' ? t('jobWidget.iframeHint') : undefined}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <Box>
          <Button variant="contained" onClick={() => void copy()}>
            {t('jobWidget.copy')}
          </Button>
        </Box>
        <Box component="section" aria-labelledby={previewHeadingId}>
          <Typography id={previewHeadingId} variant="h3" component="h3" sx={{ mb: 0.5 }}>
            {t('jobWidget.previewTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            {t('jobWidget.previewDescription')}
          </Typography>
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 } }}>
            {/* Not released: the widget's data answers 404, so the preview says why it is empty instead of asking (issue 48 item 12). */}
            {organization.active ? (
              <JobWidgetPreview organizationId={organization.id} />
            ) : (
              <Typography color="text.secondary">{t('jobWidget.previewNotReleased')}</Typography>
            )}
          </Box>
        </Box>
      </Stack>
    </FormSection>
  );
}
