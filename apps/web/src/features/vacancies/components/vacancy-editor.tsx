import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DELETE_VACANCY_PHRASE,
  GEOCODE_WARNING,
  ROUTES,
  href,
  withoutFieldsNotUsed,
  type Vacancy,
} from '@matchwerk/shared';
import { useRef, useState } from 'react';
import { FormProvider, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { ConfirmPhraseDialog } from '../../../components/dialogs/confirm-phrase-dialog';
import { EditConflictDialog, type ConflictField } from '../../../components/dialogs/edit-conflict-dialog';
import { useUnsavedChangesGuard } from '../../../components/dialogs/unsaved-changes';
import type { PostingDetailData } from '../../../components/posting/posting-detail';
import { isApiError, isPreconditionFailed } from '../../../lib/api-client';
import { versionToSend } from '../../../lib/edit-conflict';
import { apiErrorMessage, applyServerFieldErrors } from '../../../lib/form';
import { useSession } from '../../../lib/session';
import { useUiStore } from '../../../stores/ui-store';
import {
  useCreateVacancy,
  useDeleteVacancy,
  useDuplicateVacancy,
  useFetchLatestVacancy,
  useSetVacancyActive,
  useUpdateVacancy,
} from '../api/vacancies-api';
import { sameVacancyContent, vacancyConflictFields } from '../lib/vacancy-conflict';
import {
  vacancyFormSchema,
  vacancyFormValues,
  vacancyRequestBody,
  type VacancyFormOutput,
  type VacancyFormValues,
} from '../lib/vacancy-form-values';
import { actionsBarSx } from './editor/actions-bar';
import { BasicsSection } from './editor/basics-section';
import { BenefitsSection } from './editor/benefits-section';
import { CompensationSection } from './editor/compensation-section';
import { ContactSection } from './editor/contact-section';
import { DescriptionSection } from './editor/description-section';
import { LocationSection } from './editor/location-section';
import { PhotosSection } from './editor/photos-section';
import { ScheduleSection } from './editor/schedule-section';
import { organizationVisibility, StatusLine } from './editor/status-line';
import { VacancyPreviewDialog } from './editor/vacancy-preview-dialog';
import { previewOf } from './editor/vacancy-preview';
import { useProfilePrefill } from './use-profile-prefill';
import { useVacancyPhotos } from './use-vacancy-photos';

/** What the editor shows right after a posting was created or duplicated (passed with the navigation). */
export interface EditorNotice {
  geocodeWarning?: boolean;
  photoError?: string | undefined;
  /** Opened right after "Duplizieren"; the number of photos whose file could not be copied. */
  duplicated?: { photosNotCopied: number };
}

export interface VacancyEditorProps {
  /** The stored posting, or null to create one. */
  vacancy: Vacancy | null;
  notice?: EditorNotice | undefined;
}

/**
 * Validates what saving would store: fields the posting type does not ask for are emptied first
 * (they stay in the form, hidden, until saving; TypeFieldsNotice names them), so a hidden field
 * never blocks saving and the request never carries them.
 */
function typeAwareResolver(
  requiresOrganization: boolean,
  stored: Vacancy | null,
): Resolver<VacancyFormValues, unknown, VacancyFormOutput> {
  const resolve = zodResolver(vacancyFormSchema(requiresOrganization, stored));
  return (values, context, options) => resolve(withoutFieldsNotUsed(values.type, values), context, options);
}

/** The vacancy form in sections (one file each under ./editor) with a sticky action bar (create and edit). */
export function VacancyEditor({ vacancy, notice }: VacancyEditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, isOrganization } = useSession();
  const showSnackbar = useUiStore((s) => s.showSnackbar);
  const creating = vacancy === null;
  const requiresOrganization = creating && !isOrganization;

  const form = useForm<VacancyFormValues, unknown, VacancyFormOutput>({
    resolver: typeAwareResolver(requiresOrganization, vacancy),
    defaultValues: vacancyFormValues(vacancy),
    mode: 'onTouched',
    // react-hook-form focuses registered inputs before Controller fields (rich text, picker);
    // `focusFirstInvalid` follows the order on screen instead.
    shouldFocusError: false,
  });
  useProfilePrefill(form, creating, isOrganization ? user?.organizationId : undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const { isDirty, isSubmitting, errors: fieldErrors } = form.formState;

  const photos = useVacancyPhotos(vacancy);
  const create = useCreateVacancy();
  const update = useUpdateVacancy(vacancy?.id ?? '');
  const setActive = useSetVacancyActive();
  const remove = useDeleteVacancy(vacancy?.id ?? '');
  const duplicate = useDuplicateVacancy();
  const { allowNextNavigation, dialog: unsavedDialog } = useUnsavedChangesGuard(isDirty || photos.hasPendingChanges);

  const [geocodeWarning, setGeocodeWarning] = useState(Boolean(notice?.geocodeWarning));
  const [formError, setFormError] = useState<string | undefined>();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [photoNotice] = useState(notice?.photoError);
  const [duplicatedNotice, setDuplicatedNotice] = useState(notice?.duplicated);
  const [preview, setPreview] = useState<PostingDetailData | null>(null);
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

  /** Scrolls to and focuses the first invalid field on screen, once the errors are rendered. */
  const focusFirstInvalid = () =>
    window.setTimeout(() => {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.scrollIntoView({ block: 'center' });
      first?.focus({ preventScroll: true });
    }, 50);

  const handleSaveError = async (error: unknown) => {
    if (isPreconditionFailed(error)) {
      await showConflict(error);
      return;
    }
    if (isApiError(error) && `${error.text} ${error.message}`.includes(GEOCODE_WARNING)) {
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
      const { vacancy: saved, geocodeWarning: warning } = await update.mutateAsync({
        body: activate ? { ...body, publishOn: null } : body,
        version,
      });
      setBase(saved);
      setGeocodeWarning(Boolean(warning));
      form.reset(vacancyFormValues(saved));
      if (activate && !saved.active) await setActive.mutateAsync({ id: saved.id, active: true });
      showSnackbar(activate ? t('vacancies.activated') : t('vacancies.saved'));
    } catch (error) {
      await handleSaveError(error);
    }
  };

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
        onSuccess: (saved) => {
          setBase(saved);
          form.reset({ ...form.getValues(), publishOn: saved.publishOn ?? '' }, { keepDirty: false });
          showSnackbar(active ? t('vacancies.activated') : t('vacancies.deactivated'));
        },
        onError: (error) => setFormError(failText(error)),
      },
    );
  };

  const duplicateVacancy = () => {
    if (!vacancy) return;
    if (isDirty || photos.hasPendingChanges) {
      setFormError(t('vacancies.duplicateUnsaved'));
      return;
    }
    setFormError(undefined);
    duplicate.mutate(vacancy.id, {
      onSuccess: ({ vacancy: copy, photosNotCopied }) => {
        showSnackbar(t('vacancies.duplicated'));
        void navigate(href('EditVacancy', { id: copy.id }), {
          state: { duplicated: { photosNotCopied } } satisfies EditorNotice,
        });
      },
      onError: (error) => setFormError(failText(error)),
    });
  };

  const openPreview = () =>
    setPreview(
      previewOf(
        form.getValues(),
        vacancy,
        vacancy?.organization.name ?? user?.organization?.name ?? '',
        photos.items,
        new Date().toISOString(),
      ),
    );

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setDeleteOpen(false);
        showSnackbar(t('vacancies.deleted'));
        allowNextNavigation();
        void navigate(ROUTES.Vacancies.path, { replace: true });
      },
    });

  const busy = isSubmitting || setActive.isPending || remove.isPending || duplicate.isPending;
  const stored = base ?? vacancy;
  const active = stored?.active ?? false;
  // "Bitte korrigieren Sie …" goes once the fields revalidate clean, not at the next save (issue 48 item 12).
  const shownError = formError === t('vacancies.fixErrors') && !Object.keys(fieldErrors).length ? undefined : formError;

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        ref={formRef}
        noValidate
        onSubmit={(event) => void save(false)(event)}
        aria-label={creating ? ROUTES.NewVacancy.title : ROUTES.EditVacancy.title}
      >
        <StatusLine
          active={active}
          visibility={organizationVisibility(user?.organization, vacancy?.organizationId)}
          publishOn={stored?.publishOn ?? null}
          applicationDeadline={stored?.applicationDeadline ?? null}
        />
        {duplicatedNotice && (
          <Alert
            severity={duplicatedNotice.photosNotCopied > 0 ? 'warning' : 'success'}
            role="status"
            onClose={() => setDuplicatedNotice(undefined)}
            sx={{ mb: 3 }}
          >
            {duplicatedNotice.photosNotCopied > 0
              ? t('vacancies.duplicatePhotosMissing', { count: duplicatedNotice.photosNotCopied })
              : t('vacancies.duplicated')}
          </Alert>
        )}
        <Stack spacing={3}>
          <BasicsSection
            vacancy={vacancy}
            requiresOrganization={requiresOrganization}
            showOrganization={!creating && !isOrganization}
          />
          <DescriptionSection />
          <BenefitsSection />
          <CompensationSection />
          <ContactSection />
          <LocationSection geocodeWarning={geocodeWarning} />
          <ScheduleSection active={active} />
          <PhotosSection creating={creating} photos={photos} notice={photoNotice} disabled={busy} />
        </Stack>

        <Paper component="section" aria-label={t('vacancies.actions')} elevation={3} sx={actionsBarSx}>
          {shownError && (
            <Alert severity="error" role="alert" sx={{ flexBasis: '100%' }}>
              {shownError}
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
            <Button
              variant="outlined"
              loading={setActive.isPending}
              disabled={busy}
              onClick={() => toggleActive(false)}
            >
              {t('vacancies.deactivate')}
            </Button>
          )}
          <Button variant="text" disabled={busy} onClick={openPreview}>
            {t('vacancies.preview')}
          </Button>
          {!creating && (
            <Button variant="text" loading={duplicate.isPending} disabled={busy} onClick={duplicateVacancy}>
              {t('vacancies.duplicate')}
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
        <VacancyPreviewDialog preview={preview} onClose={() => setPreview(null)} />
        <EditConflictDialog
          open={conflict !== null}
          fields={conflict?.fields ?? []}
          onReload={reloadLatest}
          onClose={() => setConflict(null)}
        />
        {unsavedDialog}
      </Box>
    </FormProvider>
  );
}
