import { IconButton, TableCell } from '@mui/material';
import { Icon } from '@mdi/react';

/** The last cell of an editable table's row: a small icon button that removes the row. */
export function RemoveRowCell({ label, icon, disabled, onRemove }: { label: string; icon: string; disabled?: boolean; onRemove(): void }) {
  return (
    <TableCell padding="none">
      <IconButton size="small" aria-label={label} disabled={disabled} onClick={onRemove}>
        <Icon path={icon} size={0.7} aria-hidden />
      </IconButton>
    </TableCell>
  );
}
