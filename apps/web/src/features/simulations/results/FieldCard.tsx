import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { FieldMeta, ScalarResult } from '@simforge/contracts';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { errorDetail } from '../../../lib/errorDetail';
import { fieldQuery } from './fieldApi';
import { ResultCardHeader } from './ResultCardHeader';
import { fieldCsv } from './fieldData';
import type { IsoLine } from './FieldMap';

const FieldMap = lazy(() => import('./FieldMap'));


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

export function FieldCard({ simulationId, runId, meta, isoLines }: { simulationId: string; runId: string; meta: FieldMeta; isoLines?: IsoLine[] }) {
  const drawable = meta.shape.filter((n) => n !== 1).length === 2;
  const field = useQuery({ ...fieldQuery(simulationId, meta, runId), enabled: drawable });
  return (
    <Card component="figure" sx={{ m: 0 }} aria-label={meta.label}>
      <CardContent sx={{ pb: '12px !important' }}>
        <ResultCardHeader label={meta.label} csv={field.data ? () => fieldCsv(field.data) : null} filename={`${meta.name}.csv`} />
        {!drawable ? (
          <Typography color="text.secondary">
            This field has shape {meta.shape.join(' × ')}; only 2-D fields are drawn here.
          </Typography>
        ) : null}
        {field.isError ? <ErrorAlert onRetry={() => void field.refetch()}>{errorDetail(field.error).message}</ErrorAlert> : null}
        {field.data && drawable ? (
          <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
            <FieldMap grid={field.data} label={`${meta.label} map`} isoLines={isoLines} />
          </Suspense>
        ) : drawable && field.isPending ? (
          <Skeleton variant="rounded" height={300} />
        ) : null}
      </CardContent>
    </Card>
  );
}
