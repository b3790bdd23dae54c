import { AppShell, type AppShellProps } from '../components/layout/app-shell';
import { AppThemeProvider, useRegionThemeVariant } from '../theme/app-theme-provider';
import { plainPaletteVariables } from '../theme/palette';

/**
 * The frame of every screen but the login and signup: MUI's theme and the app shell. A chunk of
 * its own, so the login route loads no MUI (ADR 0064).
 */
export function AppFrame(props: AppShellProps) {
  const variables = plainPaletteVariables(useRegionThemeVariant());
  return (
    <AppThemeProvider baseline>
      {/* The plain parts inside (loading states) read the palette from here. */}
      <div style={{ ...variables, display: 'contents' }}>
        <AppShell {...props} />
      </div>
    </AppThemeProvider>
  );
}
