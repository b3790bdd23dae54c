import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { useTranslation } from '../../lib/i18n';
import './plain.css';

interface FieldFrameProps {
  id: string;
  label: string;
  error: boolean;
  helperText?: ReactNode;
  children: ReactNode;
}

/** Label above, the control, helper or error text below (its id: `${id}-helper`). */
function FieldFrame({ id, label, error, helperText, children }: FieldFrameProps) {
  return (
    <div className={error ? 'mw-field mw-field--error' : 'mw-field'}>
      <label htmlFor={id}>{label}</label>
      <div className="mw-input-box">{children}</div>
      {helperText && (
        <p id={`${id}-helper`} className={error ? 'mw-field-helper mw-field-helper--error' : 'mw-field-helper'}>
          {helperText}
        </p>
      )}
    </div>
  );
}

/** What the control says of its state to assistive technology. */
function controlAria(id: string, error: boolean, helperText: ReactNode) {
  return { 'aria-invalid': error || undefined, 'aria-describedby': helperText ? `${id}-helper` : undefined };
}

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
  return (
    <FieldFrame id={id} label={label} error={error} helperText={helperText}>
      <input id={id} {...controlAria(id, error, helperText)} {...inputProps} />
      {endAdornment}
    </FieldFrame>
  );
}

export interface PlainSelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> {
  label: string;
  name: string;
  ref?: Ref<HTMLSelectElement>;
  error?: boolean;
  helperText?: ReactNode;
  /** The `<option>`s. */
  children: ReactNode;
}

/** A labelled native `<select>` (accessible, light, good on phones), without MUI (ADR 0064). */
export function PlainSelectField({
  label,
  error = false,
  helperText,
  children,
  ...selectProps
}: PlainSelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} helperText={helperText}>
      <select id={id} {...controlAria(id, error, helperText)} {...selectProps}>
        {children}
      </select>
    </FieldFrame>
  );
}

export interface PlainCheckboxFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className' | 'type'
> {
  name: string;
  ref?: Ref<HTMLInputElement>;
  /** The box's label; may hold links. */
  label: ReactNode;
  /** Shown under the box, and named as its description. */
  errorText?: string;
}

/** A labelled checkbox with its error below, without MUI (ADR 0064). */
export function PlainCheckboxField({ label, errorText, ...inputProps }: PlainCheckboxFieldProps) {
  const id = useId();
  return (
    <div className={errorText ? 'mw-check-field mw-field--error' : 'mw-check-field'}>
      <label className="mw-checkbox mw-checkbox--top" htmlFor={id}>
        <input id={id} type="checkbox" {...controlAria(id, Boolean(errorText), errorText)} {...inputProps} />
        <span>{label}</span>
      </label>
      {errorText && (
        <p id={`${id}-helper`} className="mw-field-helper mw-field-helper--error">
          {errorText}
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
