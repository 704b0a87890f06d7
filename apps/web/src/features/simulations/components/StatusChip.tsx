import { Chip, CircularProgress, Tooltip } from '@mui/material';
import type { SimulationStatus } from '@simforge/contracts';
import { isLive, statusMeta } from '../status';

export function StatusChip({ status, size = 'small', testId }: { status: SimulationStatus; size?: 'small' | 'medium'; testId?: string }) {
  const meta = statusMeta[status];
  return (
    <Tooltip title={meta.description}>
      <Chip
        size={size}
        label={meta.label}
        color={meta.color}
        variant={status === 'draft' ? 'outlined' : 'filled'}
        icon={isLive(status) ? <CircularProgress size={12} color="inherit" aria-hidden sx={{ ml: '6px !important' }} /> : undefined}
        data-status={status}
        data-testid={testId}
        sx={{ fontWeight: 600, minWidth: 84 }}
      />
    </Tooltip>
  );
}
