import { Suspense, type ReactNode, type RefObject } from 'react';
import { useUiStore } from '../../stores/ui-store';
import { plainPaletteVariables } from '../../theme/palette';
import { lazyThemed } from '../../theme/lazy-themed';
import { themeVariantFor } from '../../theme/theme-variant';
import { LoadingOverlay } from '../feedback/loading-overlay';
import './plain.css';

// An error or a message can open a snackbar on the login too; MUI's come with their theme.
const AppSnackbars = lazyThemed(() => import('../feedback/app-snackbars').then((m) => m.AppSnackbars));

export interface PlainFrameProps {
  /** The content area (`main`), e.g. to scroll it to the top on navigation. */
  mainRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * The frame of the login and signup (ADR 0064): what AppShell shows without navigation, without
 * MUI, so the first screen most visitors see loads none of it.
 */
export function PlainFrame({ mainRef, children }: PlainFrameProps) {
  const snackbarsNeeded = useUiStore((s) => s.showDefaultSnackbar || s.showErrorSnackbar);
  // At build time (the prerender) there is no address: the default look.
  const href = typeof window === 'undefined' ? '' : window.location.href;
  return (
    <div className="mw-frame" style={plainPaletteVariables(themeVariantFor({ href }))}>
      <main className="mw-main" ref={mainRef} tabIndex={-1}>
        {children}
      </main>
      {snackbarsNeeded && (
        <Suspense fallback={null}>
          <AppSnackbars />
        </Suspense>
      )}
      <LoadingOverlay />
    </div>
  );
}
