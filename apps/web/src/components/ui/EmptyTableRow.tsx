import type { ReactNode } from 'react';
import { TableCell, TableRow, Typography, type SxProps, type Theme } from '@mui/material';

/** The one row of a table with nothing to list: a muted sentence across all its columns. */
export function EmptyTableRow({ colSpan, children, sx }: { colSpan: number; children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan}>
        <Typography color="text.secondary" sx={sx}>
          {children}
        </Typography>
      </TableCell>
    </TableRow>
  );
}
