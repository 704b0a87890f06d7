import { Alert, AlertTitle, Box, Chip } from '@mui/material';
import type { SimulationError } from '@simforge/contracts';

/** Why a run failed: the solver's error code and message. */
export function ErrorPanel({ error, title = 'The run failed' }: { error: SimulationError; title?: string }) {
  return (
    <Alert severity="error" sx={{ mb: 3 }} role="alert">
      <AlertTitle sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {title}
        <Chip size="small" color="error" variant="outlined" label={error.code} sx={{ fontFamily: 'monospace' }} />
      </AlertTitle>
      <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
        {error.message}
      </Box>
    </Alert>
  );
}
