import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export interface NameCellProps {
  /** The name (text or link), then its chips. */
  children: ReactNode;
}

/**
 * A name column's cell: the name followed by its chips ("Neu", "inaktiv"), wrapping inside the
 * row instead of being cut off (with ServerDataGrid's autoRowHeight the row grows with it).
 */
export function NameCell({ children }: NameCellProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        py: 0.5,
        lineHeight: 1.3,
        whiteSpace: 'normal',
      }}
    >
      {children}
    </Box>
  );
}
