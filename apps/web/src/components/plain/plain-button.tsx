import type { ButtonHTMLAttributes } from 'react';
import './plain.css';

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'contained' | 'outlined' | 'text';
  size?: 'small' | 'medium' | 'large';
  /** The colour of the surrounding text (e.g. inside an alert) instead of the primary colour. */
  inheritColor?: boolean;
  fullWidth?: boolean;
  /** Shows a spinner and disables the button while its action runs. */
  loading?: boolean;
}

/** A button in the look of MUI's Button, without MUI (ADR 0064). */
export function PlainButton({
  variant = 'text',
  size = 'medium',
  inheritColor = false,
  fullWidth = false,
  loading = false,
  type = 'button',
  className,
  disabled,
  children,
  ...rest
}: PlainButtonProps) {
  const classes = [
    'mw-button',
    `mw-button--${variant}`,
    size !== 'medium' && `mw-button--${size}`,
    inheritColor && 'mw-button--inherit',
    fullWidth && 'mw-button--full',
    className,
  ].filter(Boolean);
  return (
    <button
      type={type}
      className={classes.join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className="mw-spinner mw-spinner--small" aria-hidden="true" />}
      {children}
    </button>
  );
}
