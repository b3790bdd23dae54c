import {
  get,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { useTranslation } from '../../lib/i18n';
import { muiField } from '../../lib/form';
import { PasswordField } from './password-field';

export interface NewPasswordFieldsProps<Values extends FieldValues> {
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
  passwordName: Path<Values>;
  repeatName: Path<Values>;
  passwordLabel: string;
  repeatLabel: string;
}

/**
 * A new password and its repetition, for password managers marked as new; the password policy
 * stands under the first field until a field error replaces it.
 */
export function NewPasswordFields<Values extends FieldValues>({
  register,
  errors,
  passwordName,
  repeatName,
  passwordLabel,
  repeatLabel,
}: NewPasswordFieldsProps<Values>) {
  const { t } = useTranslation();
  const passwordError = get<FieldErrors<Values>, FieldError | undefined>(errors, passwordName);
  const repeatError = get<FieldErrors<Values>, FieldError | undefined>(errors, repeatName);
  return (
    <>
      <PasswordField
        {...muiField(register(passwordName))}
        label={passwordLabel}
        autoComplete="new-password"
        error={Boolean(passwordError)}
        helperText={passwordError?.message ?? t('common.passwordHelp')}
      />
      <PasswordField
        {...muiField(register(repeatName))}
        label={repeatLabel}
        autoComplete="new-password"
        error={Boolean(repeatError)}
        helperText={repeatError?.message}
      />
    </>
  );
}
