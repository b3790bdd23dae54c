import { useCallback, useEffect, useRef } from 'react';
import '../../lib/locales/register-company-texts';
import { useTranslation } from '../../lib/i18n';
import { useBlocker, type BlockerFunction } from '../../lib/router';
import { ConfirmDialog } from './confirm-dialog';

export interface LeaveDecisionInput {
  /** The form or its photos hold changes that are not saved. */
  hasUnsavedChanges: boolean;
  /** Set right before the screen navigates on purpose (after save or delete). */
  bypass: boolean;
  currentPathname: string;
  nextPathname: string;
}

/** Whether leaving must be confirmed: only with unsaved changes and only to another page. */
export function shouldConfirmLeave({
  hasUnsavedChanges,
  bypass,
  currentPathname,
  nextPathname,
}: LeaveDecisionInput): boolean {
  return hasUnsavedChanges && !bypass && currentPathname !== nextPathname;
}

/**
 * Asks before the user leaves a screen with unsaved changes: in-app navigation through the
 * router's blocker and a German dialog, closing or reloading the tab through `beforeunload`.
 * Returns `allowNextNavigation`, to call before navigating on purpose.
 */
export function useUnsavedChangesGuard(hasUnsavedChanges: boolean) {
  const { t } = useTranslation();
  const bypassRef = useRef(false);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      shouldConfirmLeave({
        hasUnsavedChanges,
        bypass: bypassRef.current,
        currentPathname: currentLocation.pathname,
        nextPathname: nextLocation.pathname,
      }),
    [hasUnsavedChanges],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (bypassRef.current) return;
      event.preventDefault();
      // Older browsers need a return value to show their own confirmation.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsavedChanges]);

  const allowNextNavigation = useCallback(() => {
    bypassRef.current = true;
    // Only the navigation that follows right away is let through.
    window.setTimeout(() => {
      bypassRef.current = false;
    }, 0);
  }, []);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('dialogs.unsavedTitle')}
      text={t('dialogs.unsavedText')}
      confirmLabel={t('dialogs.unsavedDiscard')}
      cancelLabel={t('dialogs.unsavedStay')}
      destructive
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );

  return { allowNextNavigation, dialog };
}
