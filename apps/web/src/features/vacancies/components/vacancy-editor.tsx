import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BENEFIT_LABELS,
  benefitsNotOfferedFor,
  DELETE_VACANCY_PHRASE,
  MAX_PHOTOS_PER_VACANCY,
  POSTING_TYPE_LABELS,
  POSTING_TYPES,
  ROUTES,
  href,
  type Vacancy,
} from '@matchwerk/shared';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmPhraseDialog } from '../../../components/dialogs/confirm-phrase-dialog';
import { EditConflictDialog, type ConflictField } from '../../../components/dialogs/edit-conflict-dialog';
import { useUnsavedChangesGuard } from '../../../components/dialogs/unsaved-changes';
import { FormSection } from '../../../components/layout/form-section';
import { PhotoUploader } from '../../../components/photos/photo-uploader';
import { RichTextEditor } from '../../../components/rich-text/rich-text-editor';
import { isApiError, isPreconditionFailed } from '../../../lib/api-client';
import { versionToSend } from '../../../lib/edit-conflict';
import { apiErrorMessage, applyServerFieldErrors, muiField } from '../../../lib/form';
import { useSession } from '../../../lib/session';
import { useUiStore } from '../../../stores/ui-store';
import { useCreateVacancy, useDeleteVacancy, useFetchLatestVacancy, useSetVacancyActive, useUpdateVacancy } from '../api/vacancies-api';
import { sameVacancyContent, vacancyConflictFields } from '../lib/vacancy-conflict';
import {
  vacancyFormSchema,
  vacancyFormValues,
  vacancyRequestBody,
  type VacancyFormOutput,
  type VacancyFormValues,
} from '../lib/vacancy-form-values';
import { BenefitsField } from './benefits-field';
import { OrganizationPicker } from './organization-picker';
import { SalaryYearsField } from './salary-years-field';
import { useVacancyPhotos } from './use-vacancy-photos';

const GEOCODE_FAILURE = 'Unable to geocode';

/** What the editor shows right after a posting was created (passed with the navigation). */
export interface EditorNotice {
  geocodeWarning?: boolean;
  photoError?: string | undefined;
}

export interface VacancyEditorProps {
  /** The stored posting, or null to create one. */
  vacancy: Vacancy | null;
  notice?: EditorNotice | undefined;
}

function StatusLine({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 3 }}>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {t('vacancies.status')}:
      </Typography>
      <Chip label={active ? t('vacancies.active') : t('vacancies.inactive')} color={active ? 'success' : 'default'} variant={active ? 'filled' : 'outlined'} />
      <Typography color="text.secondary" variant="body2" sx={{ flex: '1 1 280px' }}>
        {active ? t('vacancies.statusActiveHelp') : t('vacancies.statusInactiveHelp')}
      </Typography>
    </Box>
  );
}

/** The vacancy form in sections with a sticky action bar (create and edit). */
export function VacancyEditor({ vacancy, notice }: VacancyEditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, isOrganization } = useSession();
  const showSnackbar = useUiStore((s) => s.showSnackbar);
  const creating = vacancy === null;
  const requiresOrganization = creating && !isOrganization;

  const form = useForm<VacancyFormValues, unknown, VacancyFormOutput>({
    resolver: zodResolver(vacancyFormSchema(requiresOrganization, vacancy)),
    defaultValues: vacancyFormValues(vacancy),
    mode: 'onTouched',
    // react-hook-form focuses registered inputs before Controller fields (rich text, picker);
    // `focusFirstInvalid` follows the order on screen instead.
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, isDirty, isSubmitting } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });
  const selectedBenefits = useWatch({ control: form.control, name: 'benefits' });
  // Switching the type keeps every checked benefit until saving; these are the ones it will not save.
  const benefitsNotOffered = benefitsNotOfferedFor(type, selectedBenefits ?? []);

  const photos = useVacancyPhotos(vacancy);
  const create = useCreateVacancy();
  const update = useUpdateVacancy(vacancy?.id ?? '');
  const setActive = useSetVacancyActive();
  const remove = useDeleteVacancy(vacancy?.id ?? '');
  const { allowNextNavigation, dialog: unsavedDialog } = useUnsavedChangesGuard(isDirty || photos.hasPendingChanges);

  const [geocodeWarning, setGeocodeWarning] = useState(Boolean(notice?.geocodeWarning));
  const [formError, setFormError] = useState<string | undefined>();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [photoNotice] = useState(notice?.photoError);
  /** The stored version the form's values are based on (sent as If-Match when saving). */
  const [base, setBase] = useState<Vacancy | null>(vacancy);
  /** A save refused with 412: the newest stored version and the user's values that differ from it. */
  const [conflict, setConflict] = useState<{ latest: Vacancy; fields: ConflictField[] } | null>(null);
  const fetchLatest = useFetchLatestVacancy();

  const failText = (error: unknown) => apiErrorMessage(error) ?? t('feedback.actionFailed');

  /** Someone saved in the meantime: load their version and show what differs; the form keeps the input. */
  const showConflict = async (error: unknown) => {
    if (!vacancy) return;
    try {
      const latest = await fetchLatest(vacancy.id);
      setConflict({ latest, fields: vacancyConflictFields(form.getValues(), latest) });
    } catch {
      setFormError(failText(error));
    }
  };

  const reloadLatest = () => {
    if (!conflict) return;
    form.reset(vacancyFormValues(conflict.latest));
    setBase(conflict.latest);
    setConflict(null);
    setFormError(undefined);
  };

  const handleSaveError = async (error: unknown) => {
    if (isPreconditionFailed(error)) {
      await showConflict(error);
      return;
    }
    if (isApiError(error) && `${error.text} ${error.message}`.includes(GEOCODE_FAILURE)) {
      setGeocodeWarning(true);
      return;
    }
    if (applyServerFieldErrors(error, form.setError)) {
      setFormError(t('vacancies.fixErrors'));
      focusFirstInvalid();
      return;
    }
    setFormError(failText(error));
  };

  const onValid = (activate: boolean) => async (values: VacancyFormOutput) => {
    setFormError(undefined);
    const body = vacancyRequestBody(values);
    try {
      if (creating) {
        const organizationId = requiresOrganization ? (values.organizationId ?? '') : (user?.organizationId ?? '');
        const { vacancy: created, geocodeWarning: warning } = await create.mutateAsync({ organizationId, body });
        const photoError = await photos.uploadQueued(created.id);
        if (activate) await setActive.mutateAsync({ id: created.id, active: true });
        showSnackbar(activate ? t('vacancies.activated') : t('vacancies.created'));
        allowNextNavigation();
        void navigate(href('EditVacancy', { id: created.id }), {
          replace: true,
          state: { geocodeWarning: Boolean(warning), photoError } satisfies EditorNotice,
        });
        return;
      }
      const version = base ? versionToSend(base, vacancy, sameVacancyContent) : 1;
      const { vacancy: saved, geocodeWarning: warning } = await update.mutateAsync({ body, version });
      setBase(saved);
      setGeocodeWarning(Boolean(warning));
      form.reset(vacancyFormValues(saved));
      if (activate && !saved.active) await setActive.mutateAsync({ id: saved.id, active: true });
      showSnackbar(activate ? t('vacancies.activated') : t('vacancies.saved'));
    } catch (error) {
      await handleSaveError(error);
    }
  };

  /** Scrolls to and focuses the first invalid field on screen, once the errors are rendered. */
  const focusFirstInvalid = () =>
    window.setTimeout(() => {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.scrollIntoView({ block: 'center' });
      first?.focus({ preventScroll: true });
    }, 50);

  const onInvalid = (_errors: FieldErrors<VacancyFormValues>) => {
    setFormError(t('vacancies.fixErrors'));
    focusFirstInvalid();
  };
  const save = (activate: boolean) => form.handleSubmit(onValid(activate), onInvalid);

  const toggleActive = (active: boolean) => {
    if (!vacancy) return;
    setFormError(undefined);
    setActive.mutate(
      { id: vacancy.id, active },
      {
        onSuccess: () => showSnackbar(active ? t('vacancies.activated') : t('vacancies.deactivated')),
        onError: (error) => setFormError(failText(error)),
      },
    );
  };

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setDeleteOpen(false);
        showSnackbar(t('vacancies.deleted'));
        allowNextNavigation();
        void navigate(ROUTES.Vacancies.path, { replace: true });
      },
    });

  const busy = isSubmitting || setActive.isPending || remove.isPending;
  const active = vacancy?.active ?? false;
  const salaryErrors = errors.compensation?.salaryPerTrainingYear;
  const salaryRowErrors = Array.isArray(salaryErrors) ? salaryErrors.map((e: { message?: string } | undefined) => e?.message) : [];

  const richText = (name: 'description' | 'whatWereLookingFor' | 'about' | 'taskDescription' | 'additionalBenefits', label: string, required = false) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <RichTextEditor
          ref={field.ref}
          label={label}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          required={required}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={(event) => void save(false)(event)} aria-label={creating ? ROUTES.NewVacancy.title : ROUTES.EditVacancy.title}>
      <StatusLine active={active} />
      <Stack spacing={3}>
        <FormSection title={t('vacancies.basicsTitle')}>
          {requiresOrganization && (
            <Controller
              control={form.control}
              name="organizationId"
              render={({ field, fieldState }) => (
                <OrganizationPicker
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={fieldState.error?.message}
                />
              )}
            />
          )}
          {!creating && !isOrganization && vacancy && (
            <TextField label={t('vacancies.organization')} value={vacancy.organization.name} fullWidth margin="normal" slotProps={{ htmlInput: { readOnly: true } }} />
          )}
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, md: 8 }}>
              <TextField
                {...muiField(form.register('title'))}
                label={t('vacancies.title')}
                required
                fullWidth
                margin="normal"
                error={Boolean(errors.title)}
                helperText={errors.title?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                {...muiField(
                  form.register('type'),
                )}
                select
                label={t('vacancies.type')}
                required
                fullWidth
                margin="normal"
                error={Boolean(errors.type)}
                helperText={errors.type?.message}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                {POSTING_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {POSTING_TYPE_LABELS[value]}
                  </option>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>
              <TextField
                {...muiField(form.register('trainingOccupationName'))}
                label={t('vacancies.trainingOccupationName')}
                fullWidth
                margin="normal"
                error={Boolean(errors.trainingOccupationName)}
                helperText={errors.trainingOccupationName?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                {...muiField(form.register('duration'))}
                label={t('vacancies.duration')}
                fullWidth
                margin="normal"
                error={Boolean(errors.duration)}
                helperText={errors.duration?.message ?? t('vacancies.durationHelp')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...muiField(form.register('start'))}
                label={t('vacancies.start')}
                type="date"
                fullWidth
                margin="normal"
                error={Boolean(errors.start)}
                helperText={errors.start?.message}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...muiField(form.register('startOfTraining'))}
                label={t('vacancies.startOfTraining')}
                type="date"
                fullWidth
                margin="normal"
                error={Boolean(errors.startOfTraining)}
                helperText={errors.startOfTraining?.message}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Grid>
          </Grid>
          {benefitsNotOffered.length > 0 && (
            <Alert severity="warning" role="status" sx={{ mt: 1 }}>
              {t('vacancies.benefitsNotOffered', {
                type: POSTING_TYPE_LABELS[type],
                benefits: benefitsNotOffered.map((benefit) => `„${BENEFIT_LABELS[benefit]}“`).join(', '),
              })}
            </Alert>
          )}
        </FormSection>

        <FormSection title={t('vacancies.descriptionTitle')}>
          {richText('description', t('vacancies.description'), true)}
          {richText('whatWereLookingFor', t('vacancies.whatWereLookingFor'))}
          {richText('about', t('vacancies.about'))}
          {richText('taskDescription', t('vacancies.taskDescription'))}
        </FormSection>

        <FormSection title={t('vacancies.benefitsTitle')}>
          <Controller
            control={form.control}
            name="benefits"
            render={({ field }) => <BenefitsField type={type} value={field.value ?? []} onChange={field.onChange} />}
          />
          {richText('additionalBenefits', t('vacancies.additionalBenefits'))}
        </FormSection>

        <FormSection title={t('vacancies.compensationTitle')}>
          <TextField
            {...muiField(form.register('salaryRange'))}
            label={t('vacancies.salaryRange')}
            fullWidth
            margin="normal"
            error={Boolean(errors.salaryRange)}
            helperText={errors.salaryRange?.message ?? t('vacancies.salaryRangeHelp')}
          />
          <Controller
            control={form.control}
            name="compensation.salaryPerTrainingYear"
            render={({ field }) => (
              <SalaryYearsField value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} errors={salaryRowErrors} />
            )}
          />
          <TextField
            {...muiField(form.register('compensation.additionalCompensation'))}
            label={t('vacancies.additionalCompensation')}
            fullWidth
            multiline
            minRows={2}
            margin="normal"
            error={Boolean(errors.compensation?.additionalCompensation)}
            helperText={errors.compensation?.additionalCompensation?.message}
          />
        </FormSection>

        <FormSection title={t('vacancies.contactTitle')}>
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                {...muiField(form.register('contactName'))}
                label={t('vacancies.contactName')}
                required
                fullWidth
                margin="normal"
                autoComplete="name"
                error={Boolean(errors.contactName)}
                helperText={errors.contactName?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                {...muiField(form.register('contactPhone'))}
                label={t('vacancies.contactPhone')}
                type="tel"
                fullWidth
                margin="normal"
                autoComplete="tel"
                error={Boolean(errors.contactPhone)}
                helperText={errors.contactPhone?.message}
              />
            </Grid>
          </Grid>
        </FormSection>

        <FormSection title={t('vacancies.locationTitle')}>
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                {...muiField(form.register('location.country'))}
                label={t('vacancies.country')}
                fullWidth
                margin="normal"
                autoComplete="country-name"
                error={Boolean(errors.location?.country)}
                helperText={errors.location?.country?.message}
              />
            </Grid>
            <Grid size={{ xs: 5, md: 3 }}>
              <TextField
                {...muiField(form.register('location.zipCode'))}
                label={t('vacancies.zipCode')}
                required
                fullWidth
                margin="normal"
                autoComplete="postal-code"
                error={Boolean(errors.location?.zipCode)}
                helperText={errors.location?.zipCode?.message}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Grid>
            <Grid size={{ xs: 7, md: 5 }}>
              <TextField
                {...muiField(form.register('location.city'))}
                label={t('vacancies.city')}
                required
                fullWidth
                margin="normal"
                autoComplete="address-level2"
                error={Boolean(errors.location?.city)}
                helperText={errors.location?.city?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 8, md: 9 }}>
              <TextField
                {...muiField(form.register('location.street'))}
                label={t('vacancies.street')}
                fullWidth
                margin="normal"
                autoComplete="address-line1"
                error={Boolean(errors.location?.street)}
                helperText={errors.location?.street?.message}
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 4, md: 3 }}>
              <TextField
                {...muiField(form.register('location.streetNumber'))}
                label={t('vacancies.streetNumber')}
                fullWidth
                margin="normal"
                error={Boolean(errors.location?.streetNumber)}
                helperText={errors.location?.streetNumber?.message}
              />
            </Grid>
          </Grid>
          {geocodeWarning && (
            <Alert severity="warning" role="status" sx={{ mt: 1 }}>
              {t('vacancies.geocodeWarning')}
            </Alert>
          )}
        </FormSection>

        <FormSection
          title={t('vacancies.photosTitle')}
          description={creating ? t('vacancies.photosDescriptionCreate') : t('vacancies.photosDescriptionEdit')}
        >
          <PhotoUploader
            items={photos.items}
            max={MAX_PHOTOS_PER_VACANCY}
            pickLabel={t('vacancies.photosPick')}
            altFor={(index) => t('vacancies.photoAlt', { n: String(index + 1) })}
            onFiles={(files) => void photos.addFiles(files)}
            onRemove={photos.remove}
            onMove={photos.move}
            coverLabel={t('vacancies.cover')}
            error={photos.error ?? photoNotice}
            status={photos.status}
            disabled={busy}
            removeDialog={{ title: t('vacancies.photoRemoveTitle'), text: t('vacancies.photoRemoveText') }}
          />
        </FormSection>
      </Stack>

      <Paper
        component="section"
        aria-label={t('vacancies.actions')}
        elevation={3}
        sx={{ position: 'sticky', bottom: 0, zIndex: 2, mt: 3, p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      >
        {formError && (
          <Alert severity="error" role="alert" sx={{ flexBasis: '100%' }}>
            {formError}
          </Alert>
        )}
        <Button type="submit" variant="contained" loading={isSubmitting} disabled={busy}>
          {t('vacancies.save')}
        </Button>
        {!active && (creating || isDirty) && (
          <Button variant="outlined" disabled={busy} onClick={() => void save(true)()}>
            {t('vacancies.saveAndActivate')}
          </Button>
        )}
        {!creating && !active && !isDirty && (
          <Button variant="outlined" loading={setActive.isPending} disabled={busy} onClick={() => toggleActive(true)}>
            {t('vacancies.activate')}
          </Button>
        )}
        {!creating && active && (
          <Button variant="outlined" loading={setActive.isPending} disabled={busy} onClick={() => toggleActive(false)}>
            {t('vacancies.deactivate')}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {!creating && (
          <Button color="error" disabled={busy} onClick={() => setDeleteOpen(true)}>
            {t('vacancies.delete')}
          </Button>
        )}
      </Paper>

      {vacancy && (
        <ConfirmPhraseDialog
          open={deleteOpen}
          title={t('vacancies.deleteDialogTitle')}
          phrase={DELETE_VACANCY_PHRASE}
          confirmLabel={t('vacancies.deleteConfirm')}
          pending={remove.isPending}
          error={remove.isError ? failText(remove.error) : undefined}
          onConfirm={confirmDelete}
          onClose={() => {
            remove.reset();
            setDeleteOpen(false);
          }}
        >
          <Typography>{t('vacancies.deleteDialogText', { title: vacancy.title })}</Typography>
        </ConfirmPhraseDialog>
      )}
      <EditConflictDialog open={conflict !== null} fields={conflict?.fields ?? []} onReload={reloadLatest} onClose={() => setConflict(null)} />
      {unsavedDialog}
    </Box>
  );
}
