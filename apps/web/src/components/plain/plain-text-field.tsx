import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from '../../lib/i18n';
import './plain.css';

export interface PlainTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  name: string;
  /** react-hook-form's `register()` ref goes here unchanged. */
  ref?: Ref<HTMLInputElement>;
  error?: boolean;
  helperText?: ReactNode;
  endAdornment?: ReactNode;
}

/** A labelled, outlined input with helper or error text, without MUI (ADR 0064). */
export function PlainTextField({ label, error = false, helperText, endAdornment, ...inputProps }: PlainTextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <div className={error ? 'mw-field mw-field--error' : 'mw-field'}>
      <label htmlFor={id}>{label}</label>
      <div className="mw-input-box">
        <input
          id={id}
          aria-invalid={error || undefined}
          aria-describedby={helperText ? helperId : undefined}
          {...inputProps}
        />
        {endAdornment}
      </div>
      {helperText && (
        <p id={helperId} className={error ? 'mw-field-helper mw-field-helper--error' : 'mw-field-helper'}>
          {helperText}
        </p>
      )}
    </div>
  );
}

/** An eye, struck through while the password shows (drawn here: an icon package would bring MUI). */
function EyeIcon({ struck }: { struck: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M2 12c2.4-4.2 5.8-6.5 10-6.5s7.6 2.3 10 6.5c-2.4 4.2-5.8 6.5-10 6.5S4.4 16.2 2 12z" />
      <circle cx="12" cy="12" r="3.2" />
      {struck && <path d="M4 3.5l16 17" strokeLinecap="round" />}
    </svg>
  );
}

export type PlainPasswordFieldProps = Omit<PlainTextFieldProps, 'type' | 'endAdornment'>;

/** A password input with a show/hide toggle (a toggle button: fixed name, `aria-pressed` state). */
export function PlainPasswordField(props: PlainPasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <PlainTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          className="mw-icon-button"
          aria-label={t('common.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          onMouseDown={(event) => event.preventDefault()}
        >
          <EyeIcon struck={visible} />
        </button>
      }
    />
  );
}
