// The network's water quality: what is simulated (a chemical with its name and units, the water's
// age, or the share of the water coming from one node), the reactions of a chemical (orders, global
// coefficients, limiting concentration, roughness correlation, diffusivity) and the quality time
// step. Each value is written when it is valid on its own; what needs more than one field (a trace
// node that was deleted) is listed at the top and keeps the network from being saved. Initial
// qualities, sources, per-pipe coefficients and tank mixing are edited in the elements' panels.
import { Alert, Box, TextField, Typography } from '@mui/material';
import { qualityOf, setQualityField, setQualityParameter, type QualityParameter } from '../model/quality';
import { chemicalNameProblem, settingSpecs, type QualityNumberKey } from '../model/qualityFields';
import { OptionalNumberField, SelectField } from './optionalFields';
import type { SectionProps } from './PatternsSection';
import { SubStepField } from './SubStepField';
import { useDraftText } from './useDraftText';

const parameters: { value: QualityParameter; label: string }[] = [
  { value: 'none', label: 'Nothing (hydraulics only)' },
  { value: 'chemical', label: 'A chemical' },
  { value: 'age', label: 'Water age' },
  { value: 'trace', label: 'Source trace' },
];

const parameterHelp: Record<QualityParameter, string> = {
  none: 'Only flows and pressures are computed.',
  chemical: 'A dissolved substance (chlorine, for example) carried with the water from its sources, reacting in the bulk water and at the pipe walls.',
  age: 'How long the water has been in the network, in hours.',
  trace: 'The share of the water at each node that came from the trace node, in per cent.',
};

const unitsOptions = [
  { value: 'mg/L', label: 'mg/L' },
  { value: 'ug/L', label: 'µg/L' },
];

const orderKeys: QualityNumberKey[] = ['bulkOrder', 'wallOrder', 'tankOrder'];
const coefficientKeys: QualityNumberKey[] = ['globalBulk', 'globalWall', 'limitingConcentration', 'roughnessCorrelation', 'diffusivity'];

const row = { display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', alignItems: 'start' } as const;

export function WaterQualitySection({ network, issues, disabled, onEdit }: SectionProps) {
  const quality = qualityOf(network);
  const problems = issues.filter((i) => i.setting === 'quality');
  const specs = settingSpecs(network);
  const numberField = (key: QualityNumberKey) => (
    <OptionalNumberField key={key} spec={specs[key]} value={quality[key]} disabled={disabled} onCommit={(value) => onEdit((n) => setQualityField(n, key, value))} />
  );
  return (
    <Box role="group" aria-label="Water quality" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {problems.length > 0 ? (
        <Alert severity="error" aria-label="Water quality problems">
          {problems.map((p) => (
            <div key={p.message}>{p.message}</div>
          ))}
        </Alert>
      ) : null}
      <Box sx={row}>
        <SelectField label="Simulated quality" value={quality.parameter} options={parameters} disabled={disabled} helperText={parameterHelp[quality.parameter]} onChange={(value) => onEdit((n) => setQualityParameter(n, value as QualityParameter))} />
        {quality.parameter === 'chemical' ? (
          <>
            <ChemicalNameField name={quality.chemical} disabled={disabled} onCommit={(name) => onEdit((n) => setQualityField(n, 'chemical', name))} />
            <SelectField label="Concentration units" value={quality.units ?? 'mg/L'} options={unitsOptions} disabled={disabled} helperText="The values typed are read in these units" onChange={(value) => onEdit((n) => setQualityField(n, 'units', value))} />
          </>
        ) : null}
        {quality.parameter === 'trace' ? <TraceNodeField network={network} disabled={disabled} onEdit={onEdit} /> : null}
      </Box>
      {quality.parameter === 'chemical' ? (
        <>
          <Typography variant="subtitle2" component="h3">
            Reactions
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Bulk reactions in pipes and tanks at the rate k·Cⁿ, wall reactions in pipes of order 0 or 1. Elements without their own coefficient (set in their panel) take the global one.
          </Typography>
          <Box sx={row}>{orderKeys.map(numberField)}</Box>
          <Box sx={row}>{coefficientKeys.map(numberField)}</Box>
        </>
      ) : null}
      {quality.parameter !== 'none' ? (
        <Box sx={row}>
          <SubStepField network={network} disabled={disabled} onEdit={onEdit} step="qualityStep" label="Quality time step" purpose="How often water is moved and reacted" fullWidth />
          {numberField('tolerance')}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {parameterHelp.none} Choose what to simulate to set sources, reactions and tank mixing.
        </Typography>
      )}
    </Box>
  );
}

function ChemicalNameField({ name, disabled, onCommit }: { name: string | undefined; disabled?: boolean; onCommit(name: string | undefined): void }) {
  const { error, inputProps } = useDraftText(
    () => name ?? '',
    (text) => {
      const next = text.trim();
      if (next === (name ?? '')) return null;
      const problem = next === '' ? null : chemicalNameProblem(next);
      if (problem) return problem;
      onCommit(next === '' ? undefined : next);
      return null;
    },
    [name],
  );
  return <TextField size="small" fullWidth label="Chemical name" {...inputProps} disabled={disabled} helperText={error ?? 'Shown with the results; empty: Chemical'} />;
}

function TraceNodeField({ network, disabled, onEdit }: Pick<SectionProps, 'network' | 'disabled' | 'onEdit'>) {
  const nodes = [...network.reservoirs, ...network.tanks, ...network.junctions].map((n) => ({ value: n.id, label: n.id }));
  const value = network.quality?.traceNode ?? '';
  return (
    <SelectField
      label="Trace node"
      value={value}
      options={value === '' ? [{ value: '', label: 'Pick a node' }, ...nodes] : nodes}
      disabled={disabled}
      helperText="The node whose water is followed (reservoirs and tanks first)"
      onChange={(id) => onEdit((n) => setQualityField(n, 'traceNode', id === '' ? undefined : id))}
    />
  );
}
