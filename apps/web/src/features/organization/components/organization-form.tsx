import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ORGANIZATION_LINK_LABELS,
  organizationCreateSchema,
  REGION_OPTIONS,
  type Organization,
  type OrganizationCreateInput,
  type OrganizationCreateInputParsed,
  type OrganizationInput,
  type OrganizationLinks,
} from '@matchwerk/shared';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { EditConflictDialog, type ConflictField } from '../../../components/dialogs/edit-conflict-dialog';
import { useUnsavedChangesGuard } from '../../../components/dialogs/unsaved-changes';
import { FormField } from '../../../components/form/form-field';
import { FormSection } from '../../../components/layout/form-section';
import { OrganizationRegionField } from './organization-region-field';
import { isPreconditionFailed } from '../../../lib/api-client';
import { changedPaths, flattenValues, leafText, sameKeys } from '../../../lib/edit-conflict';
import { applyServerFieldErrors, muiField, textValue } from '../../../lib/form';
import { i18n, useTranslation } from '../../../lib/i18n';

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
    contactPhonePublic: organization?.contactPhonePublic ?? false,
    contactMail: textValue(organization?.contactMail),
    links: Object.fromEntries(LINK_FIELDS.map((key) => [key, textValue(links?.[key])])),
    city: textValue(organization?.city),
  };
}

/** The fields the form saves: a logo change (also the user's own) leaves the form's base valid. */
export const sameOrganizationContent = sameKeys<Organization>([
  'name',
  'region',
  'employeeCount',
  'branch',
  'about',
  'contactName',
  'contactPhone',
  'contactPhonePublic',
  'contactMail',
  'links',
  'city',
]);

const FIELD_LABEL_KEYS = {
  name: 'organization.name',
  region: 'organization.region',
  employeeCount: 'organization.employeeCount',
  branch: 'organization.branch',
  about: 'organization.about',
  contactName: 'organization.contactName',
  contactPhone: 'organization.contactPhone',
  contactPhonePublic: 'organization.contactPhonePublic',
  contactMail: 'organization.contactMail',
  city: 'organization.city',
} as const;

function conflictLabel(path: string): string {
  if (path in FIELD_LABEL_KEYS) return i18n.t(FIELD_LABEL_KEYS[path as keyof typeof FIELD_LABEL_KEYS]);
  const link = path.replace(/^links\./, '');
  return link in ORGANIZATION_LINK_LABELS ? ORGANIZATION_LINK_LABELS[link as keyof OrganizationLinks] : path;
}

function conflictText(path: string, value: unknown): string {
  if (path === 'region') return REGION_OPTIONS.find((option) => option.value === value)?.label ?? leafText(value);
  return leafText(value);
}

/** The user's values that differ from the newest stored organisation, labelled, as copyable text. */
export function organizationConflictFields(yours: OrganizationInput, latest: Organization): ConflictField[] {
  const mine = flattenValues(yours);
  return changedPaths(yours, organizationFormValues(latest)).map((path) => ({
    path,
    label: conflictLabel(path),
    yours: conflictText(path, mine[path]),
  }));
}

export interface OrganizationFormProps {
  organization: Organization | null;
  submitLabel: string;
  pending: boolean;
  /** Resolves when saved, rejects with the ApiError otherwise. */
  /** For a new organisation (`organization` null) with the optional first user; otherwise `firstUser` is null. */
  onSubmit: (values: OrganizationCreateInputParsed) => Promise<Organization>;
  /** German error of the last attempt that is not a field error. */
  errorText?: string | undefined;
  /**
   * For an existing organisation: loads the newest stored version when a save was refused with
   * 412, for the conflict dialog; `onReload` gets it when the user chooses to load it.
   */
  conflict?: { loadLatest: () => Promise<Organization>; onReload: (latest: Organization) => void } | undefined;
  /** After a successful save, once leaving the screen is allowed (e.g. to navigate to the new organisation). */
  onSaved?: ((saved: Organization) => void) | undefined;
}

/** General, contact and online sections of the company profile (plain text only: no HTML). */
export function OrganizationForm({
  organization,
  submitLabel,
  pending,
  onSubmit,
  errorText,
  conflict,
  onSaved,
}: OrganizationFormProps) {
  const { t } = useTranslation();
  // One schema for both: an existing organisation simply never has a first user.
  const form = useForm<OrganizationCreateInput, unknown, OrganizationCreateInputParsed>({
    resolver: zodResolver(organizationCreateSchema),
    defaultValues: { ...organizationFormValues(organization), firstUser: null },
    mode: 'onTouched',
  });
  const { errors, isDirty } = form.formState;
  const { allowNextNavigation, dialog: unsavedDialog } = useUnsavedChangesGuard(isDirty);
  const [conflictState, setConflictState] = useState<{ latest: Organization; fields: ConflictField[] } | null>(null);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await onSubmit(organization ? { ...values, firstUser: null } : values);
      form.reset({ ...organizationFormValues(saved), firstUser: null });
      allowNextNavigation();
      onSaved?.(saved);
    } catch (error) {
      if (isPreconditionFailed(error) && conflict) {
        // The form keeps what the user typed; the dialog shows it next to "Neu laden".
        const latest = await conflict.loadLatest().catch(() => null);
        if (latest) setConflictState({ latest, fields: organizationConflictFields(form.getValues(), latest) });
        return;
      }
      applyServerFieldErrors(error, form.setError);
    }
  });

  const reloadLatest = () => {
    if (!conflictState) return;
    form.reset({ ...organizationFormValues(conflictState.latest), firstUser: null });
    conflict?.onReload(conflictState.latest);
    setConflictState(null);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('organization.generalTitle')}>
      <Stack spacing={3}>
        <FormSection title={t('organization.generalTitle')}>
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormField
                control={form.control}
                name="name"
                label={t('organization.name')}
                required
                autoComplete="organization"
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <OrganizationRegionField
                registration={form.register('region')}
                current={organization?.region ?? null}
                error={errors.region?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                {...muiField(
                  form.register('employeeCount', {
                    setValueAs: (value: unknown) =>
                      value === '' || value === null || value === undefined ? null : Number(value),
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
              <FormField
                control={form.control}
                name="city"
                label={t('organization.city')}
                autoComplete="address-level2"
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormField control={form.control} name="branch" label={t('organization.branch')} />
            </Grid>
            <Grid size={12}>
              <FormField
                control={form.control}
                name="about"
                label={t('organization.about')}
                multiline
                minRows={4}
                helperText={t('organization.aboutHelp')}
              />
            </Grid>
          </Grid>
        </FormSection>

        <FormSection title={t('organization.contactTitle')}>
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <FormField
                control={form.control}
                name="contactName"
                label={t('organization.contactName')}
                autoComplete="name"
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <FormField
                control={form.control}
                name="contactPhone"
                label={t('organization.contactPhone')}
                type="tel"
                autoComplete="tel"
              />
              <Controller
                control={form.control}
                name="contactPhonePublic"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={Boolean(field.value)}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                      />
                    }
                    label={t('organization.contactPhonePublic')}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <FormField
                control={form.control}
                name="contactMail"
                label={t('organization.contactMail')}
                type="email"
                autoComplete="email"
              />
            </Grid>
          </Grid>
        </FormSection>

        <FormSection title={t('organization.onlineTitle')} description={t('organization.onlineDescription')}>
          <Grid container columnSpacing={2}>
            {LINK_FIELDS.map((key) => (
              <Grid key={key} size={{ xs: 12, md: 6 }}>
                <FormField
                  control={form.control}
                  name={`links.${key}`}
                  label={ORGANIZATION_LINK_LABELS[key]}
                  type="url"
                  placeholder="www.beispiel.de"
                  slotProps={{ htmlInput: { inputMode: 'url' } }}
                />
              </Grid>
            ))}
          </Grid>
        </FormSection>

        {organization === null && <FirstUserSection form={form} />}

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
      <EditConflictDialog
        open={conflictState !== null}
        fields={conflictState?.fields ?? []}
        onReload={reloadLatest}
        onClose={() => setConflictState(null)}
      />
      {unsavedDialog}
    </Box>
  );
}

/** New organisation only: optionally invite its first user (invitation mail, ADR 0020 / issue #10). */
function FirstUserSection({
  form,
}: {
  form: ReturnType<typeof useForm<OrganizationCreateInput, unknown, OrganizationCreateInputParsed>>;
}) {
  const { t } = useTranslation();
  const firstUser = form.watch('firstUser');
  const enabled = firstUser !== null && firstUser !== undefined;
  return (
    <FormSection
      title={t('organizationAdmin.firstUserTitle')}
      description={t('organizationAdmin.firstUserDescription')}
    >
      <FormControlLabel
        control={
          <Switch
            checked={enabled}
            onChange={(event) =>
              form.setValue('firstUser', event.target.checked ? { email: '', name: '' } : null, { shouldDirty: true })
            }
          />
        }
        label={t('organizationAdmin.firstUserToggle')}
      />
      {enabled && (
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormField
              control={form.control}
              name="firstUser.email"
              label={t('organizationAdmin.firstUserEmail')}
              type="email"
              required
              autoComplete="off"
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormField
              control={form.control}
              name="firstUser.name"
              label={t('organizationAdmin.firstUserName')}
              required
              autoComplete="off"
            />
          </Grid>
        </Grid>
      )}
    </FormSection>
  );
}
