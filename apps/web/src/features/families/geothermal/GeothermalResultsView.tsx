// The plant's store as a heat map (issue 6, "Web"): temperature over time and height, with the
// colour bar in °C. The power plot is the generic card of the `power` series.
import { lazy, Suspense, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { ResultsIndex } from '@simforge/contracts';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { errorDetail } from '../../../lib/errorDetail';
import { optionalFieldQuery } from '../shared/fieldQueries';
import { arrayMeta, fieldCsv, toGrid } from '../../simulations/results/fieldData';
import { ResultCardHeader } from '../../simulations/results/ResultCardHeader';
import { tankGrid } from './tankMap';

const FieldMap = lazy(() => import('../../simulations/results/FieldMap'));

export function GeothermalResultsView({ simulationId, index }: { simulationId: string; index: ResultsIndex }) {
  const meta = index.fields.find((f) => f.name === 'tank_temperature');
  const field = useQuery(optionalFieldQuery(simulationId, meta, index.run_id));
  const map = useMemo(() => (field.data ? tankGrid(field.data) : null), [field.data]);
  const grid = map?.grid ?? null;
  if (!meta) return null;
  return (
    <Card component="figure" sx={{ m: 0 }} aria-label="Store temperature">
      <CardContent sx={{ pb: '12px !important' }}>
        <ResultCardHeader label={meta.label} csv={field.data ? () => fieldCsv(toGrid(arrayMeta(field.data), field.data.values)) : null} filename="tank_temperature.csv" />
        {field.isError ? <ErrorAlert onRetry={() => void field.refetch()}>{errorDetail(field.error).message}</ErrorAlert> : null}
        {grid ? (
          <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
            <FieldMap grid={grid} label="Store temperature heat map" maxHeight={340} />
          </Suspense>
        ) : (
          <Skeleton variant="rounded" height={300} />
        )}
        <Typography variant="caption" color="text.secondary" component="p">
          Height above the bottom of the store up, time across{map?.dailyMeans ? ', one column a day (the day’s mean)' : ''} (the CSV holds the solver's every value in SI: seconds, metres, kelvin).
        </Typography>
      </CardContent>
    </Card>
  );
}
