import { lazy, Suspense, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { FieldMeta, ScalarResult } from '@simforge/contracts';
import { formatWithUnit } from '../../../lib/displayUnits';
import { useUnitSystem } from '../../../lib/unitSystems';
import { fieldQuery } from './fieldApi';
import { ResultCardHeader } from './ResultCardHeader';
import { arrayMeta, dataRange, fieldCsv, toGrid } from './fieldData';
import type { IsoLine } from './FieldMap';
import { fieldViewKind, type FieldExport } from './fieldViews';
import { useSimulationSlots } from '../slots';
import { QueryError } from '../../../components/ui/QueryError';

// Each view is its own chunk: the heat map, the animated map, and the 3-D view (with three.js).
const FieldMap = lazy(() => import('./FieldMap'));
const FieldFrames = lazy(() => import('./FieldFrames'));


/**
 * Iso-lines for a temperature field from the run's summary: any scalar in K whose key names the
 * solidus/fusion or the HAZ limit (e.g. `solidus_temperature`, `haz_temperature`, `ac1`). A guess
 * at the welding solver's keys until they are fixed; nothing is drawn when none match.
 */
export function isoLinesFromSummary(unit: string, summary: Record<string, ScalarResult> | undefined): IsoLine[] {
  if (unit !== 'K' || !summary) return [];
  const lines: IsoLine[] = [];
  const entries = Object.entries(summary).filter(([, s]) => s.unit === 'K' && typeof s.value === 'number');
  const fusion = entries.find(([key]) => /solidus|fusion|melting/i.test(key));
  const haz = entries.find(([key]) => /haz|ac1/i.test(key));
  if (fusion) lines.push({ level: fusion[1].value as number, label: 'Fusion line', colour: '#ff1744' });
  if (haz) lines.push({ level: haz[1].value as number, label: 'HAZ boundary', colour: '#ffffff' });
  return lines;
}

/**
 * The single value of a field that does not vary (an adiabatic pipe's temperature), or null. A map
 * of it would be one colour with a colour bar reading "20, 20, 20": say it in words instead. The
 * spread allowed is round-off of the stored float32 values.
 */
export function uniformValue(values: ArrayLike<number>): number | null {
  const range = dataRange(values);
  if (!range) return null;
  const { min, max } = range;
  return max - min <= 1e-6 * Math.max(Math.abs(max), Math.abs(min), 1e-30) ? (max + min) / 2 : null;
}

export function FieldCard({ simulationId, runId, meta, isoLines }: { simulationId: string; runId: string; meta: FieldMeta; isoLines?: IsoLine[] }) {
  const { PartView3D } = useSimulationSlots();
  const kind = fieldViewKind(meta);
  const drawable = kind !== 'none';
  // A uniform field's value is text in the page's unit system: redraw when it changes.
  useUnitSystem();
  const field = useQuery({ ...fieldQuery(simulationId, meta, runId), enabled: drawable });
  // The animated and 3-D views export the frame or time they show; the map exports the whole field.
  const [shownExport, setShownExport] = useState<FieldExport | null>(null);
  const grid = useMemo(() => (kind === 'map' && field.data ? toGrid(arrayMeta(field.data), field.data.values) : null), [kind, field.data]);
  const csv = grid ? () => fieldCsv(grid) : (shownExport?.csv ?? null);
  const uniform = grid ? uniformValue(grid.values) : null;
  return (
    <Card component="figure" sx={{ m: 0, gridColumn: kind === 'volume' ? '1 / -1' : undefined }} aria-label={meta.label}>
      <CardContent sx={{ pb: '12px !important' }}>
        <ResultCardHeader label={meta.label} csv={csv} filename={grid ? `${meta.name}.csv` : (shownExport?.filename ?? `${meta.name}.csv`)} />
        {!drawable ? (
          <Typography color="text.secondary">
            This field has shape {meta.shape.join(' × ')}; only 2-D fields, frames over time and 3-D fields over time are drawn here.
          </Typography>
        ) : null}
        <QueryError query={field} />
        {field.data && drawable ? (
          <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
            {grid && uniform !== null ? (
              <Typography color="text.secondary" role="note">
                Uniform: {formatWithUnit(uniform, meta.unit)} everywhere (nothing to map).
              </Typography>
            ) : null}
            {grid && uniform === null ? <FieldMap grid={grid} label={`${meta.label} map`} isoLines={isoLines} /> : null}
            {kind === 'frames' ? <FieldFrames array={field.data} label={meta.label} isoLines={isoLines} onExport={setShownExport} /> : null}
            {kind === 'volume' ? <PartView3D array={field.data} label={`${meta.label} 3-D view`} onExport={setShownExport} /> : null}
          </Suspense>
        ) : drawable && field.isPending ? (
          <Skeleton variant="rounded" height={300} />
        ) : null}
      </CardContent>
    </Card>
  );
}
