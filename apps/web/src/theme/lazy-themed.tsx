import { lazy, type ComponentType } from 'react';

/**
 * A lazily loaded MUI component for a screen without MUI (the login, ADR 0064): it loads with
 * MUI's theme and renders inside it, so the screen's own bundle holds neither.
 */
export function lazyThemed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component, { AppThemeProvider }] = await Promise.all([load(), import('./app-theme-provider')]);
    function Themed(props: P) {
      return (
        <AppThemeProvider>
          <Component {...props} />
        </AppThemeProvider>
      );
    }
    return { default: Themed };
  });
}
