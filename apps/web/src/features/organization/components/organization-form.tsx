import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ORGANIZATION_LINK_LABELS,
  organizationInputSchema,
  REGION_OPTIONS,
  type Organization,
  type OrganizationInput,
  type OrganizationInputParsed,
  type OrganizationLinks,
} from '@matchwerk/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../components/layout/form-section';
import { applyServerFieldErrors, muiField, textValue } from '../../../lib/form';

const LINK_FIELDS = Object.keys(ORGANIZATION_LINK_LABELS) as (keyof OrganizationLinks)[];

/** Form values of an organisation: '' where the contract has null. */
export function organizationFormValues(organization: Organization | null | undefined): OrganizationInput {
  const links = organization?.links;
  return {
    name: textValue(organization?.name),
    region: organization?.region ?? ('' as OrganizationInput['region']),
    employeeCount: organization?.employeeCount ?? null,
    branch: textValue(organization?.branch),
    about: textValue(organization?.about),
    contactName: textValue(organization?.contactName),
    contactPhone: textValue(organization?.contactPhone),
    contactMail: textValue(organization?.contactMail),
    links: Object.fromEntries(LINK_FIELDS.map((key) => [key, textValue(links?.[key])])),
  };
}

export interface OrganizationFormProps {
  organization: Organization | null;
  submitLabel: string;
  pending: boolean;
  /** Resolves when saved, rejects with the ApiError otherwise. */
  onSubmit: (values: OrganizationInputParsed) => Promise<Organization>;
  /** German error of the last attempt that is not a field error. */
  errorText?: string | undefined;
}

/** General, contact and online sections of the company profile (plain text only: no HTML). */
export function OrganizationForm({ organization, submitLabel, pending, onSubmit, errorText }: OrganizationFormProps) {
  const { t } = useTranslation();
  const form = useForm<OrganizationInput, unknown, OrganizationInputParsed>({
    resolver: zodResolver(organizationInputSchema),
    defaultValues: organizationFormValues(organization),
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await onSubmit(values);
      form.reset(organizationFormValues(saved));
    } catch (error) {
      applyServerFieldErrors(error, form.setError);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('organization.generalTitle')}>
      <Stack spacing={3}>
        <FormSection title={t('organization.generalTitle')}>
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                {...muiField(form.register('name'))}
                label={t('organization.name')}
                required
                fullWidth
                margin="normal"
                autoComplete="organization"
                error={Boolean(errors.name)}
                helperText={errors.name?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                {...muiField(form.register('region'))}
                select
                label={t('organization.region')}
                required
                fullWidth
                margin="normal"
                error={Boolean(errors.region)}
                helperText={errors.region?.message}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="" disabled>
                  {t('auth.regionPlaceholder')}
                </option>
                {REGION_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                {...muiField(
                  form.register('employeeCount', {
                    setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value)),
                  }),
                )}
                label={t('organization.employeeCount')}
                type="number"
                fullWidth
                margin="normal"
                error={Boolean(errors.employeeCount)}
                helperText={errors.employeeCount?.message}
                slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                {...muiField(form.register('branch'))}
                label={t('organization.branch')}
                fullWidth
                margin="normal"
                error={Boolean(errors.branch)}
                helperText={errors.branch?.message}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                {...muiField(form.register('about'))}
                label={t('organization.about')}
                multiline
                minRows={4}
                fullWidth
                margin="normal"
                error={Boolean(errors.about)}
                helperText={errors.about?.message ?? t('organization.aboutHelp')}
              />
            </Grid>
          </Grid>
        </FormSection>

        <FormSection title={t('organization.contactTitle')}>
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                {...muiField(form.register('contactName'))}
                label={t('organization.contactName')}
                fullWidth
                margin="normal"
                autoComplete="name"
                error={Boolean(errors.contactName)}
                helperText={errors.contactName?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                {...muiField(form.register('contactPhone'))}
                label={t('organization.contactPhone')}
                type="tel"
                fullWidth
                margin="normal"
                autoComplete="tel"
                error={Boolean(errors.contactPhone)}
                helperText={errors.contactPhone?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                {...muiField(form.register('contactMail'))}
                label={t('organization.contactMail')}
                type="email"
                fullWidth
                margin="normal"
                autoComplete="email"
                error={Boolean(errors.contactMail)}
                helperText={errors.contactMail?.message}
              />
            </Grid>
          </Grid>
        </FormSection>

        <FormSection title={t('organization.onlineTitle')} description={t('organization.onlineDescription')}>
          <Grid container columnSpacing={2}>
            {LINK_FIELDS.map((key) => (
              <Grid key={key} size={{ xs: 12, md: 6 }}>
                <TextField
                  {...muiField(form.register(`links.${key}`))}
                  label={ORGANIZATION_LINK_LABELS[key]}
                  type="url"
                  fullWidth
                  margin="normal"
                  placeholder="www.beispiel.de"
                  error={Boolean(errors.links?.[key])}
                  helperText={errors.links?.[key]?.message}
                  slotProps={{ htmlInput: { inputMode: 'url' } }}
                />
              </Grid>
            ))}
          </Grid>
        </FormSection>

        {errorText && (
          <Alert severity="error" role="alert">
            {errorText}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" size="large" loading={pending}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
