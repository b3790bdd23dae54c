import { describe, expect, it } from 'vitest';
import { createAppTheme, readableTextOn } from './theme';
import { THEME_VARIANTS } from './theme-variant';

describe('readableTextOn', () => {
  it('keeps white only where it reaches 4.5:1', () => {
    expect(readableTextOn('#0062CC')).toBe('#ffffff');
    expect(readableTextOn('#132566')).toBe('#ffffff');
    expect(readableTextOn('#007BFF')).toBe('#111827');
    expect(readableTextOn('#3a84c5')).toBe('#111827');
    expect(readableTextOn('#eb1c27')).toBe('#111827');
  });
});

describe('createAppTheme', () => {
  it('uses the region accent as secondary and the variant error colour', () => {
    const theme = createAppTheme(THEME_VARIANTS.oehringen);
    expect(theme.palette.secondary.main).toBe('#eb1c27');
    expect(theme.palette.error.main).toBe('#7a2e0e');
  });
});
