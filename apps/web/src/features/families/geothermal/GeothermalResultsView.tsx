// The plant's store as a heat map (issue 6, "Web"): temperature over time and height, with the
// colour bar in °C. The power plot is the generic card of the `power` series.
import { lazy, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Typography } from '@mui/material';
import type { ResultsIndex } from '@simforge/contracts';
import { optionalFieldQuery } from '../shared/fieldQueries';
import { arrayMeta, fieldCsv, toGrid } from '../../simulations/results/fieldData';
import { ResultCard } from '../../simulations/results/ResultCard';
import { tankGrid } from './tankMap';

const FieldMap = lazy(() => import('../../simulations/results/FieldMap'));

export function GeothermalResultsView({ simulationId, index }: { simulationId: string; index: ResultsIndex }) {
  const meta = index.fields.find((f) => f.name === 'tank_temperature');
  const field = useQuery(optionalFieldQuery(simulationId, meta, index.run_id));
  const map = useMemo(() => (field.data ? tankGrid(field.data) : null), [field.data]);
  const grid = map?.grid ?? null;
  if (!meta) return null;
  return (
    <ResultCard
      name="Store temperature"
      caption={meta.label}
      csv={field.data ? () => fieldCsv(toGrid(arrayMeta(field.data), field.data.values)) : null}
      filename="tank_temperature.csv"
      query={field}
      pending={!grid}
      height={300}
      drawing={grid ? <FieldMap grid={grid} label="Store temperature heat map" maxHeight={340} /> : null}
    >
      <Typography variant="caption" color="text.secondary" component="p">
        Height above the bottom of the store up, time across{map?.dailyMeans ? ', one column a day (the day’s mean)' : ''} (the CSV holds the solver's every value in SI: seconds, metres, kelvin).
      </Typography>
    </ResultCard>
  );
}
