// A `polygon` parameter (the jet ridge's drawn cross-section, [s, z] in m): drawn or edited in the
// polygon cross-section designer, or imported from an image (here or through the assistant), or left unset so
// the parametric shape (height and apex angle) is used. The designer works in its own wire format
// (parts of [y, z] points in m); the parameter is the outline of its first solid part.
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import type { FormCustomField } from '@simforge/contracts';
import type { SectionData } from '../slots';
import { SectionDialogs, type SectionDialog } from './SectionDialogs';
import { formatNumber } from '../../../lib/displayUnits';

export type PolygonPoints = [number, number][];

/** The parameter's value from the designer's answer: the outline of the first solid part (or of the first part). */
export function polygonFromSection(data: SectionData): PolygonPoints | undefined {
  const part = data.parts.find((p) => !p.filler) ?? data.parts[0];
  return part && part.points.length >= 3 ? part.points.map(([s, z]) => [s, z] as [number, number]) : undefined;
}

export function sectionFromPolygon(points: PolygonPoints): SectionData {
  return { parts: [{ points: points.map(([s, z]) => [s, z] as [number, number]), filler: false }] };
}

function isPolygon(value: unknown): value is PolygonPoints {
  return Array.isArray(value) && value.every((p) => Array.isArray(p) && p.length === 2 && p.every((c) => typeof c === 'number'));
}

export function PolygonParameterCard({ field, value, onChange, error, disabled }: { field: FormCustomField; value: unknown; onChange(points: PolygonPoints | undefined): void; error?: string; disabled?: boolean }) {
  const [dialog, setDialog] = useState<SectionDialog>(null);
  const points = isPolygon(value) ? value : undefined;
  const extent = points
    ? { width: Math.max(...points.map((p) => p[0])) - Math.min(...points.map((p) => p[0])), height: Math.max(...points.map((p) => p[1])) - Math.min(...points.map((p) => p[1])) }
    : undefined;
  return (
    <Card component="section" aria-label={field.label}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="h3" component="h2">
          {field.label}
        </Typography>
        {field.description ? (
          <Typography variant="body2" color="text.secondary">
            {field.description}
          </Typography>
        ) : null}
        <Typography variant="body2" data-testid="polygon-status">
          {points && extent
            ? `Drawn: ${points.length} points, ${formatNumber(extent.width * 1000)} × ${formatNumber(extent.height * 1000)} mm`
            : 'Not drawn: the parametric shape is used.'}
        </Typography>
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => setDialog('designer')} disabled={disabled}>
            {points ? 'Edit in the designer' : 'Draw in the designer'}
          </Button>
          <Button variant="outlined" onClick={() => setDialog('image')} disabled={disabled}>
            Import from image
          </Button>
          {points ? (
            <Button onClick={() => onChange(undefined)} disabled={disabled}>
              Use the parametric shape
            </Button>
          ) : null}
        </Box>
        <SectionDialogs target="ridge" open={dialog} onOpen={setDialog} initial={points ? sectionFromPolygon(points) : undefined} onConfirm={(data) => onChange(polygonFromSection(data))} />
      </CardContent>
    </Card>
  );
}
