/**
 * The app's colours, without MUI: the MUI theme (theme.ts) and the plain, MUI-free screens
 * (components/plain, ADR 0064) both read them from here.
 */
import type { ThemeVariant } from './theme-variant';

// White text on the brand blue #007BFF is only 3.98:1 (fails WCAG AA for button text), so
// interactive primary uses #0062CC (5.8:1); the brand blue stays for decorative accents.
export const PRIMARY_MAIN = '#0062CC';
export const PRIMARY_DARK = '#004a99';
export const TEXT_PRIMARY = '#1c2430';
export const TEXT_SECONDARY = '#4a5568';
export const BACKGROUND_DEFAULT = '#f5f7fa';
export const BACKGROUND_PAPER = '#ffffff';
export const BORDER_LIGHT = '#e2e8f0';
/** MUI's default error red (light palette), kept where a region sets none. */
export const ERROR_MAIN = '#d32f2f';
export const FONT_FAMILY = '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The custom properties components/plain/plain.css reads, for a region's look. */
export function plainPaletteVariables(variant: ThemeVariant): Record<`--mw-${string}`, string> {
  return {
    '--mw-primary': PRIMARY_MAIN,
    '--mw-primary-dark': PRIMARY_DARK,
    '--mw-text': TEXT_PRIMARY,
    '--mw-text-secondary': TEXT_SECONDARY,
    '--mw-background': BACKGROUND_DEFAULT,
    '--mw-paper': BACKGROUND_PAPER,
    '--mw-border': BORDER_LIGHT,
    '--mw-error': variant.error ?? ERROR_MAIN,
    '--mw-font': FONT_FAMILY,
  };
}
