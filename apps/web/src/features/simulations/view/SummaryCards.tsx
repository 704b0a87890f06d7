import { Box, Card, Tooltip, Typography } from '@mui/material';
import type { ScalarResult } from '@simforge/contracts';
import { displayValue } from '../../../lib/displayUnits';
import { useUnitSystem } from '../../../lib/unitSystems';
import { orderedSummary } from '../summaryOrder';

/** One key result: label, value in its engineering unit, the SI value (and key) in the tooltip. */
export function SummaryCard({ name, result }: { name: string; result: ScalarResult }) {
  // Re-render in the user's unit system when it changes (displayValue reads it).
  useUnitSystem();
  const shown = displayValue(result.value, result.unit);
  return (
    <Card sx={{ p: 1.75, display: 'flex', flexDirection: 'column', gap: 0.5, minHeight: 92 }} data-summary-key={name} aria-label={result.label}>
      <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.3 }}>
        {result.label}
      </Typography>
      <Tooltip title={typeof result.value === 'number' ? `${shown.si} (SI) · ${name}` : name} placement="bottom-start">
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75, mt: 'auto', cursor: 'help' }}>
          <Typography component="span" sx={{ fontSize: '1.35rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums', lineHeight: 1.2 }}>
            {shown.text}
          </Typography>
          {shown.unit ? (
            <Typography component="span" color="text.secondary" sx={{ fontWeight: 500 }}>
              {shown.unit}
            </Typography>
          ) : typeof result.value === 'number' ? (
            <Typography component="span" variant="caption" color="text.disabled">
              (–)
            </Typography>
          ) : null}
        </Box>
      </Tooltip>
    </Card>
  );
}

export function SummaryCards({ type, summary }: { type: string; summary: Record<string, ScalarResult> }) {
  const entries = orderedSummary(type, summary);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))' }}>
      {entries.map(([name, result]) => (
        <SummaryCard key={name} name={name} result={result} />
      ))}
    </Box>
  );
}
