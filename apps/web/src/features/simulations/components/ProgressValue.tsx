import { Box, LinearProgress, Typography } from '@mui/material';
import type { SimulationStatus } from '@simforge/contracts';

/** Progress of a queued or running simulation: a bar and its percentage (queued: waiting). */
export function ProgressValue({ status, progress, label }: { status: SimulationStatus; progress: number; label: string }) {
  const percent = Math.round(Math.max(0, Math.min(1, progress)) * 100);
  const waiting = status === 'queued' || status === 'aborting';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 120 }}>
      <LinearProgress
        variant={waiting ? 'indeterminate' : 'determinate'}
        value={percent}
        aria-label={label}
        color={status === 'aborting' ? 'warning' : 'primary'}
        sx={{ flexGrow: 1, height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary" sx={{ minWidth: 34, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
        {waiting ? '—' : `${percent} %`}
      </Typography>
    </Box>
  );
}
