import type { AriaRole, ReactNode } from 'react';
import './plain.css';

export interface PlainAlertProps {
  severity: 'error' | 'warning' | 'info' | 'success';
  /** `alert` like MUI's Alert unless given (e.g. `status` or `note` for calm notices). */
  role?: AriaRole;
  outlined?: boolean;
  /** More space below, where a form follows. */
  spaced?: boolean;
  children: ReactNode;
}

/** A message box in the look of MUI's Alert, without MUI (ADR 0064). */
export function PlainAlert({ severity, role = 'alert', outlined = false, spaced = false, children }: PlainAlertProps) {
  const classes = ['mw-alert', `mw-alert--${severity}`, outlined && 'mw-alert--outlined', spaced && 'mw-alert--spaced'];
  return (
    <div role={role} className={classes.filter(Boolean).join(' ')}>
      {children}
    </div>
  );
}
