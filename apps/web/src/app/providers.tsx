import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** What every screen shares. MUI's theme is the frame's (app-frame.tsx), not here: the login has no MUI (ADR 0064). */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
