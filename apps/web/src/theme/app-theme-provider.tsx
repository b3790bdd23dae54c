import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { currentUserQueryOptions } from '../lib/session';
import { createAppTheme } from './theme';
import { themeVariantFor, type ThemeVariant, type ThemeVariantName } from './theme-variant';

// One theme per look, shared by the frame and the themed pieces of plain screens (lazy-themed.tsx).
const themes = new Map<ThemeVariantName, Theme>();

function themeOf(variant: ThemeVariant): Theme {
  let theme = themes.get(variant.name);
  if (!theme) {
    theme = createAppTheme(variant);
    themes.set(variant.name, theme);
  }
  return theme;
}

export interface AppThemeProviderProps {
  /** MUI's global baseline styles: for the app's frame, not for a piece inside a plain screen. */
  baseline?: boolean;
  children: ReactNode;
}

/** The region's look (spec §6): by the address, else the organisation's region, else the user's (first) one. */
export function useRegionThemeVariant(): ThemeVariant {
  const user = useQuery(currentUserQueryOptions).data;
  const region = user?.organization?.region ?? user?.region ?? null;
  return themeVariantFor({ href: window.location.href, region });
}

/** MUI's theme in the region's look. */
export function AppThemeProvider({ baseline = false, children }: AppThemeProviderProps) {
  return (
    <ThemeProvider theme={themeOf(useRegionThemeVariant())}>
      {baseline && <CssBaseline />}
      {children}
    </ThemeProvider>
  );
}
