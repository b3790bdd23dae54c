import type { SxProps, Theme } from '@mui/material/styles';

/** The editor's action bar sticks to the bottom of the window, so "Speichern" is in reach on a long form. */
export const actionsBarSx: SxProps<Theme> = {
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  mt: 3,
  p: 1.5,
  display: 'flex',
  flexWrap: 'wrap',
  gap: 1,
  alignItems: 'center',
};
