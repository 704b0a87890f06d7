import type { ReactNode } from 'react';
import { Box, Card, IconButton, Tooltip, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiInformationOutline } from '@mdi/js';
import { isNetworkElementResult, resultShortName, type ScalarResult } from '@simforge/contracts';
import { displayValue } from '../../../lib/displayUnits';
import { useUnitSystem } from '../../../lib/unitSystems';
import { orderedSummary } from '../summaryOrder';

/** A key result's value in large tabular figures with its unit beside it (`withoutUnit` when it has none). */
export function SummaryFigure({ shown, withoutUnit = null }: { shown: { text: string; unit: string }; withoutUnit?: ReactNode }) {
  return (
    <>
      <Typography component="span" sx={{ fontSize: '1.35rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums', lineHeight: 1.2 }}>
        {shown.text}
      </Typography>
      {shown.unit ? (
        <Typography component="span" color="text.secondary" sx={{ fontWeight: 500 }}>
          {shown.unit}
        </Typography>
      ) : (
        withoutUnit
      )}
    </>
  );
}

/**
 * One key result: its short name (at most six words), the value in its engineering unit, the SI value
 * (and key) in the value's tooltip, and the solver's full definition behind the info icon.
 */
export function SummaryCard({ name, result }: { name: string; result: ScalarResult }) {
  // Re-render in the user's unit system when it changes (displayValue reads it).
  useUnitSystem();
  const shown = displayValue(result.value, result.unit);
  const short = resultShortName(name, result.label);
  return (
    <Card sx={{ p: 1.75, display: 'flex', flexDirection: 'column', gap: 0.5, minHeight: 92 }} data-summary-key={name} aria-label={short}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
        <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.3, flex: 1 }}>
          {short}
        </Typography>
        {short !== result.label ? (
          <Tooltip title={result.label} placement="top-start">
            <IconButton size="small" aria-label={`What ${short} means`} sx={{ p: 0, mt: -0.25, color: 'text.disabled' }}>
              <Icon path={mdiInformationOutline} size={0.6} aria-hidden />
            </IconButton>
          </Tooltip>
        ) : null}
      </Box>
      <Tooltip title={typeof result.value === 'number' ? `${shown.si} (SI) · ${name}` : name} placement="bottom-start">
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75, mt: 'auto', cursor: 'help' }}>
          <SummaryFigure
            shown={shown}
            withoutUnit={
              typeof result.value === 'number' ? (
                <Typography component="span" variant="caption" color="text.disabled">
                  (–)
                </Typography>
              ) : null
            }
          />
        </Box>
      </Tooltip>
    </Card>
  );
}

export function SummaryCards({ type, summary }: { type: string; summary: Record<string, ScalarResult> }) {
  // Each pump's energy figures are read in the network view's energy table, not card by card.
  const entries = orderedSummary(type, summary).filter(([name]) => !isNetworkElementResult(name));
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))' }}>
      {entries.map(([name, result]) => (
        <SummaryCard key={name} name={name} result={result} />
      ))}
    </Box>
  );
}
