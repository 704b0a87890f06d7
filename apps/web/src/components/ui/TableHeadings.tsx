import { TableCell, TableHead, TableRow } from '@mui/material';

/** A column's heading; over a column of numbers it is right-aligned, as the numbers are. */
export type ColumnHeading = string | { label: string; align: 'right' };

/** The header of a table whose columns are fixed: one heading cell a column, in order. */
export function TableHeadings({ columns }: { columns: readonly ColumnHeading[] }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column, i) =>
          typeof column === 'string' ? (
            <TableCell key={i}>{column}</TableCell>
          ) : (
            <TableCell key={i} align={column.align}>
              {column.label}
            </TableCell>
          ),
        )}
      </TableRow>
    </TableHead>
  );
}
