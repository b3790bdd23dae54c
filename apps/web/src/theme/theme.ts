/**
 * All look-and-feel lives here (STYLE.md: components keep only layout `sx`).
 */
import { COLORS, formatNumber } from '@matchwerk/shared';
import { createTheme, type Theme } from '@mui/material/styles';
import {
  BACKGROUND_DEFAULT,
  BACKGROUND_PAPER,
  BORDER_LIGHT,
  FONT_FAMILY,
  PRIMARY_DARK,
  PRIMARY_MAIN,
  TEXT_PRIMARY,
  TEXT_SECONDARY,
} from './palette';
import type { ThemeVariant } from './theme-variant';

export const SIDEBAR_WIDTH = 272;

type NavigationItem = 'first' | 'last' | 'next' | 'previous';
const NAVIGATION_LABELS: Record<NavigationItem, string> = {
  first: 'Zur ersten Seite',
  last: 'Zur letzten Seite',
  next: 'Zur nächsten Seite',
  previous: 'Zur vorherigen Seite',
};

/**
 * German texts of the MUI components we use. Not MUI's `deDE` locale: that module builds an
 * `Intl.NumberFormat` when it loads, a page's first one (30–80 ms of main thread, ADR 0068), and
 * writes counts as raw digits ("1234") where German typesetting groups them ("1.234").
 */
const GERMAN_TEXTS = {
  components: {
    MuiPagination: {
      defaultProps: {
        'aria-label': 'Seitennavigation',
        getItemAriaLabel: (
          type: NavigationItem | 'page' | 'start-ellipsis' | 'end-ellipsis',
          page: number | null,
          selected: boolean,
        ) => {
          if (type === 'page') return `${selected ? '' : 'Gehe zu '}Seite ${formatNumber(page ?? 0)}`;
          if (type === 'start-ellipsis' || type === 'end-ellipsis') return 'Weitere Seiten';
          return NAVIGATION_LABELS[type];
        },
      },
    },
    MuiAutocomplete: {
      defaultProps: {
        clearText: 'Leeren',
        closeText: 'Schließen',
        loadingText: 'Wird geladen…',
        noOptionsText: 'Keine Optionen',
        openText: 'Öffnen',
      },
    },
    MuiAlert: { defaultProps: { closeText: 'Schließen' } },
  },
};

function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White text where it reaches 4.5:1 (WCAG AA for normal text) on `hex`, else near-black. */
export function readableTextOn(hex: string): string {
  return 1.05 / (relativeLuminance(hex) + 0.05) >= 4.5 ? '#ffffff' : '#111827';
}

export function createAppTheme(variant: ThemeVariant): Theme {
  // Without a region accent the chrome (app bar, active marker) uses the AA-safe primary.
  const accent = variant.accent ?? PRIMARY_MAIN;
  return createTheme(
    {
      palette: {
        contrastThreshold: 4.5,
        primary: { main: PRIMARY_MAIN, dark: PRIMARY_DARK, light: COLORS.primary, contrastText: '#ffffff' },
        // Dark text on accents where white would fall below AA (e.g. Horb's #3a84c5).
        secondary: { main: accent, contrastText: readableTextOn(accent) },
        ...(variant.error ? { error: { main: variant.error, contrastText: readableTextOn(variant.error) } } : {}),
        background: { default: BACKGROUND_DEFAULT, paper: BACKGROUND_PAPER },
        text: { primary: TEXT_PRIMARY, secondary: TEXT_SECONDARY },
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: FONT_FAMILY,
        h1: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.25 },
        h2: { fontSize: '1.25rem', fontWeight: 600, lineHeight: 1.3 },
        h3: { fontSize: '1.05rem', fontWeight: 600 },
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        // ButtonBase resets `outline`; give every button-like control a clear keyboard focus ring.
        MuiButtonBase: {
          styleOverrides: {
            root: { '&.Mui-focusVisible': { outline: `3px solid ${PRIMARY_DARK}`, outlineOffset: 2 } },
          },
        },
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiLink: { defaultProps: { underline: 'always' } },
        MuiCssBaseline: {
          styleOverrides: {
            // Visible focus for keyboard users everywhere (WCAG 2.4.7).
            ':focus-visible': { outline: `3px solid ${PRIMARY_DARK}`, outlineOffset: 2 },
            // Long German words ("Ausbildungsvergütung") break at syllables with a hyphen, not anywhere (lang="de").
            body: { WebkitHyphens: 'auto', hyphens: 'auto' },
          },
        },
        MuiDrawer: {
          styleOverrides: {
            paper: { width: SIDEBAR_WIDTH, borderRight: `1px solid ${BORDER_LIGHT}`, backgroundColor: '#ffffff' },
          },
        },
        MuiListItemButton: {
          styleOverrides: {
            root: {
              borderRadius: 8,
              margin: '2px 8px',
              '&.active': {
                backgroundColor: 'rgba(0, 98, 204, 0.10)',
                color: PRIMARY_DARK,
                fontWeight: 600,
                boxShadow: `inset 4px 0 0 ${accent}`,
              },
            },
          },
        },
        MuiSnackbar: { defaultProps: { anchorOrigin: { vertical: 'top', horizontal: 'center' } } },
        MuiAppBar: { defaultProps: { elevation: 0, color: 'secondary' } },
        MuiPaper: { styleOverrides: { outlined: { borderColor: BORDER_LIGHT } } },
      },
    },
    GERMAN_TEXTS,
  );
}
