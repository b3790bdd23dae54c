import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { currentUserQueryOptions } from '../lib/session';
import { createAppTheme } from '../theme/theme';
import { themeVariantFor } from '../theme/theme-variant';

function RegionThemeProvider({ children }: { children: ReactNode }) {
  const user = useQuery(currentUserQueryOptions).data;
  // The organisation's region for organisation users, otherwise the user's (first) region.
  const region = user?.organization?.region ?? user?.region ?? null;
  const variant = themeVariantFor({ href: window.location.href, region });
  const theme = useMemo(() => createAppTheme(variant), [variant]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <RegionThemeProvider>{children}</RegionThemeProvider>
    </QueryClientProvider>
  );
}
