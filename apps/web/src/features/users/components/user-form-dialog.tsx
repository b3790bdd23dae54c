import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import {
  MANAGED_USER_TYPES,
  REGION_OPTIONS,
  USER_TYPE_LABELS,
  userCreateSchema,
  userUpdateSchema,
  type ManagedUserType,
  type Region,
  type UserListItem,
} from '@matchwerk/shared';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { apiErrorMessage, applyServerFieldErrors } from '../../../lib/form';
import { FormField } from '../../../components/form/form-field';
import { useCreateUser, useUpdateUser, useUserAction } from '../api/users-api';
import { OrganizationAutocomplete, type OrganizationOption } from '../../../components/lists/organization-autocomplete';

/** Every field of every user type; the payload takes what the chosen type needs (never a password, ADR 0124). */
export interface UserFormValues {
  type: ManagedUserType;
  email: string;
  name: string;
  organization: OrganizationOption | null;
  regions: Region[];
  region: Region | '';
}

function payloadOf(values: UserFormValues) {
  const base = { email: values.email, name: values.name };
  switch (values.type) {
    case 'ORGANIZATION':
      return { ...base, type: values.type, organization: values.organization?.id ?? '' };
    case 'REGIONAL_PARTNER':
      return { ...base, type: values.type, regions: values.regions };
    case 'STATISTICS':
      return { ...base, type: values.type, region: values.region || null };
    case 'ADMIN':
      return { ...base, type: values.type };
  }
}

/** Validates with the shared schema (create or update) and reports errors by form field. */
function resolverFor(mode: 'create' | 'edit'): Resolver<UserFormValues> {
  return (values) => {
    const result = (mode === 'create' ? userCreateSchema : userUpdateSchema).safeParse(payloadOf(values));
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<UserFormValues> = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'email') as keyof UserFormValues;
      errors[key] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors };
  };
}

export interface UserFormDialogProps {
  open: boolean;
  /** null: create a new user. */
  user: UserListItem | null;
  /** Admins choose the type; partners create organisation users only. */
  canChooseType: boolean;
  /** Editing oneself: the type cannot change. */
  isSelf?: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}

function initialValues(user: UserListItem | null): UserFormValues {
  return {
    type: user?.type ?? 'ORGANIZATION',
    email: user?.email ?? '',
    name: user?.name ?? '',
    organization: user?.organization ? { id: user.organization.id, name: user.organization.name } : null,
    regions: user?.type === 'REGIONAL_PARTNER' ? [...user.regions] : [],
    region: user?.type === 'STATISTICS' ? (user.regions[0] ?? '') : '',
  };
}

/**
 * "Nutzer anlegen" and "Nutzer bearbeiten" (e-mail, name, organisation; admins also type and
 * regions). No password: a new user is invited by mail and sets it (ADR 0124); while that is
 * pending, editing offers to send the invitation again.
 */
export function UserFormDialog({ open, user, canChooseType, isSelf, onClose, onDone }: UserFormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const mode = user ? 'edit' : 'create';
  const create = useCreateUser();
  const update = useUpdateUser();
  const resend = useUserAction();
  const [formError, setFormError] = useState<string | undefined>();
  const form = useForm<UserFormValues>({ defaultValues: initialValues(user), resolver: resolverFor(mode) });
  const { errors, isSubmitting } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });
  const email = useWatch({ control: form.control, name: 'email' });
  const emailChanged = mode === 'edit' && email.trim().toLowerCase() !== user?.email;
  const busy = isSubmitting || resend.isPending;

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      if (user) {
        const input = userUpdateSchema.parse(payloadOf(values));
        await update.mutateAsync({ userId: user.id, input });
        onDone(t('users.saved'));
      } else {
        const input = userCreateSchema.parse(payloadOf(values));
        const created = await create.mutateAsync(input);
        onDone(t('users.created', { email: created.email }));
      }
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError))
        setFormError(apiErrorMessage(error) ?? t('users.actionFailed'));
    }
  });

  const resendInvitation = async (invited: UserListItem) => {
    setFormError(undefined);
    try {
      await resend.mutateAsync({ userId: invited.id, action: 'resendInvitation' });
      onDone(t('users.invitationSent', { email: invited.email }));
    } catch (error) {
      setFormError(apiErrorMessage(error) ?? t('users.actionFailed'));
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{mode === 'create' ? t('users.createTitle') : t('users.editTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {mode === 'create' && <Alert severity="info">{t('users.inviteHint')}</Alert>}
            {user?.invitationPending && (
              <Alert
                severity="info"
                action={
                  <Button color="inherit" size="small" disabled={busy} onClick={() => void resendInvitation(user)}>
                    {t('users.resendInvitation')}
                  </Button>
                }
              >
                {t('users.invitedHint')}
              </Alert>
            )}
            <FormField
              control={form.control}
              name="email"
              margin="none"
              label={t('users.fieldEmail')}
              type="email"
              autoComplete="off"
              required
              helperText={
                emailChanged
                  ? t(user?.invitationPending ? 'users.emailChangeInvitedHint' : 'users.emailChangeHint')
                  : undefined
              }
            />
            <FormField
              control={form.control}
              name="name"
              margin="none"
              label={t('users.fieldName')}
              autoComplete="off"
              required
            />
            {canChooseType && (
              <FormField
                control={form.control}
                name="type"
                margin="none"
                select
                label={t('users.fieldType')}
                disabled={isSelf}
                helperText={isSelf ? t('users.selfHint') : undefined}
              >
                {MANAGED_USER_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {USER_TYPE_LABELS[value]}
                  </option>
                ))}
              </FormField>
            )}
            {type === 'ORGANIZATION' && (
              <Controller
                control={form.control}
                name="organization"
                render={({ field }) => (
                  <OrganizationAutocomplete
                    label={t('users.fieldOrganization')}
                    required
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={errors.organization?.message}
                  />
                )}
              />
            )}
            {type === 'REGIONAL_PARTNER' && (
              <Controller
                control={form.control}
                name="regions"
                render={({ field }) => (
                  <FormControl component="fieldset" error={Boolean(errors.regions)} required>
                    <FormLabel component="legend">{t('users.fieldRegions')}</FormLabel>
                    <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                      {REGION_OPTIONS.map(({ value: region, label }) => (
                        <FormControlLabel
                          key={region}
                          label={label}
                          control={
                            <Checkbox
                              checked={field.value.includes(region)}
                              onChange={(event) =>
                                field.onChange(
                                  event.target.checked
                                    ? [...field.value, region]
                                    : field.value.filter((r) => r !== region),
                                )
                              }
                            />
                          }
                        />
                      ))}
                    </FormGroup>
                    {errors.regions?.message && <FormHelperText>{errors.regions.message}</FormHelperText>}
                  </FormControl>
                )}
              />
            )}
            {type === 'STATISTICS' && (
              <FormField control={form.control} name="region" margin="none" select label={t('users.fieldRegion')}>
                <option value="">{t('users.statisticsAllRegions')}</option>
                {REGION_OPTIONS.map(({ value: region, label }) => (
                  <option key={region} value={region}>
                    {label}
                  </option>
                ))}
              </FormField>
            )}
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('users.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting} disabled={resend.isPending}>
            {mode === 'create' ? t('users.create') : t('users.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
