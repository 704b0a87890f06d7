import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiFileDelimitedOutline } from '@mdi/js';
import type { FieldMeta, ScalarResult } from '@simforge/contracts';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { errorDetail } from '../../../lib/errorDetail';
import { fieldQuery } from './fieldApi';
import { fieldCsv } from './fieldData';
import type { IsoLine } from './FieldMap';

const FieldMap = lazy(() => import('./FieldMap'));

function saveText(text: string, filename: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

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
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography component="figcaption" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {meta.label}
          </Typography>
          <Button
            size="small"
            disabled={!field.data}
            onClick={() => field.data && saveText(fieldCsv(field.data), `${meta.name}.csv`, 'text/csv;charset=utf-8')}
            startIcon={<Icon path={mdiFileDelimitedOutline} size={0.7} aria-hidden />}
            aria-label={`Download ${meta.label} as CSV`}
          >
            CSV
          </Button>
        </Box>
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
