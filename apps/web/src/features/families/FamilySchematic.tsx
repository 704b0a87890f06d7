// The create screen's schematic for the types whose family manifest declares one (jet, melt pool), drawn
// from the parameters as typed (SI). While the form has errors (parameters null) the last valid drawing stays.
import { useState } from 'react';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { manifestOf } from './manifest';

export const hasFamilySchematic = (type: string) => Boolean(manifestOf(type)?.schematic);

/** The drawing alone (the type cards use it with the defaults). */
export function FamilySketch({ type, parameters, compact }: { type: string; parameters: Record<string, unknown>; compact?: boolean }) {
  const Sketch = manifestOf(type)?.schematic?.Sketch;
  return Sketch ? <Sketch type={type} parameters={parameters} compact={compact} /> : null;
}

export function FamilySchematic({ type, parameters }: { type: string; parameters: Record<string, unknown> | null }) {
  const [last, setLast] = useState(parameters);
  if (parameters && parameters !== last) setLast(parameters);
  const shown = parameters ?? last;
  const schematic = manifestOf(type)?.schematic;
  if (!schematic || !shown) return null;
  const advice = schematic.advice?.(shown) ?? null;
  return (
    <Card component="section" aria-label="Schematic">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="h3" component="h2">
          Schematic
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <FamilySketch type={type} parameters={shown} />
        </Box>
        {!parameters ? (
          <Typography variant="caption" color="text.secondary">
            Showing the last valid parameters: correct the marked fields to update the drawing.
          </Typography>
        ) : null}
        {advice ? (
          <Alert severity={advice.outside ? 'warning' : 'info'} data-testid="absorptivity-guidance">
            {advice.text}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
