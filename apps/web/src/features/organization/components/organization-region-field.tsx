import TextField from '@mui/material/TextField';
import {
  canActInRegion,
  canChangeOrganizationRegion,
  formatMessage,
  ORGANIZATION_MESSAGES,
  REGION_OPTIONS,
  type Region,
} from '@matchwerk/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { muiField } from '../../../lib/form';
import { actorFor, useSession, useSupportEmail } from '../../../lib/session';

export interface OrganizationRegionFieldProps {
  registration: UseFormRegisterReturn<'region'>;
  /** The stored region; null for a new organisation. */
  current: Region | null;
  error?: string | undefined;
}

/**
 * The organisation's region, offered by the same rule the API enforces: organisation users
 * see it read-only with a hint whom to ask (the region decides which partner looks after
 * them), partners choose among their own regions, admins among all.
 */
export function OrganizationRegionField({ registration, current, error }: OrganizationRegionFieldProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const supportEmail = useSupportEmail();
  const actor = user ? actorFor(user) : null;

  if (actor?.type === 'ORGANIZATION' && current) {
    return (
      <>
        <input type="hidden" {...registration} />
        <TextField
          label={t('organization.region')}
          value={REGION_OPTIONS.find((option) => option.value === current)?.label ?? current}
          fullWidth
          margin="normal"
          error={Boolean(error)}
          helperText={error ?? formatMessage(ORGANIZATION_MESSAGES.regionLockedHint, { email: supportEmail })}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      </>
    );
  }

  const options = REGION_OPTIONS.filter(
    (option) =>
      option.value === current ||
      (actor !== null &&
        (current ? canChangeOrganizationRegion(actor, current, option.value) : canActInRegion(actor, option.value))),
  );
  return (
    <TextField
      {...muiField(registration)}
      select
      label={t('organization.region')}
      required
      fullWidth
      margin="normal"
      error={Boolean(error)}
      helperText={error}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="" disabled>
        {t('auth.regionPlaceholder')}
      </option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
