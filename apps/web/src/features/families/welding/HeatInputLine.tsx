import { Box, Typography } from '@mui/material';
import type { EstimateResponse } from '@simforge/contracts';
import { formatNumber } from '../../../lib/displayUnits';
import { heatInputOf } from './heatInput';
import type { ParameterFormValues } from '../../simulations/form/parameterForm';

/** Heat input η·U·I/v beside the process values, with the formula and where the number comes from. */
export function HeatInputLine({ values, estimate }: { values: ParameterFormValues; estimate: EstimateResponse | null }) {
  const heat = heatInputOf(values, estimate);
  return (
    <Box
      data-testid="heat-input"
      aria-live="polite"
      sx={{ mt: 1, px: 1.25, py: 0.75, borderRadius: 1, bgcolor: 'surface.raised', border: 1, borderColor: 'surface.border', display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Heat input
      </Typography>
      {heat ? (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid="heat-input-value">
            {formatNumber(heat.kJPerMm, 4)} kJ/mm
          </Typography>
          <Typography variant="body2" color="text.secondary">
            η·U·I/v = {heat.formula}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {heat.source === 'estimate' ? '(from the fast estimate)' : '(computed from the values above)'}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          η·U·I/v: enter the process values
        </Typography>
      )}
    </Box>
  );
}
