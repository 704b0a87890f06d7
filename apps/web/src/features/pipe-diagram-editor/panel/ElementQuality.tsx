// An element's water quality in its side panel: a node's initial quality and (for a chemical) its
// source; a pipe's own bulk and wall coefficients; a tank's bulk coefficient and mixing model. Empty
// coefficients take the network's global ones. Only what the simulated quality uses is shown: the
// engine reacts and injects only a chemical, while ages and traces start from the initial values and
// mix in tanks like a chemical.
import { Box, Typography } from '@mui/material';
import type { NetworkDocument } from '@simforge/contracts';
import type { ElementRef } from '../model/editing';
import { NONE } from '../model/properties';
import { qualityOf, setMixingModel, setQualityEntry, setSourceType, type MixingModel, type QualitySource, type SourceType } from '../model/quality';
import { bulkSpec, fractionSpec, initialSpec, sourceTypeLabels, strengthSpec, wallSpec } from '../model/qualityFields';
import { OptionalNumberField, SelectField } from './optionalFields';

export interface ElementQualityProps {
  network: NetworkDocument;
  element: ElementRef;
  disabled?: boolean;
  onEdit(edit: (network: NetworkDocument) => NetworkDocument): void;
}

const mixingOptions: { value: MixingModel; label: string }[] = [
  { value: 'mixed', label: 'Complete mixing' },
  { value: '2comp', label: 'Two compartments' },
  { value: 'fifo', label: 'First in, first out (plug flow)' },
  { value: 'lifo', label: 'Last in, first out (stacked)' },
];

const sourceOptions = (Object.keys(sourceTypeLabels) as (SourceType | 'none')[]).map((value) => ({ value, label: sourceTypeLabels[value] }));

export function ElementQuality({ network, element: ref, disabled, onEdit }: ElementQualityProps) {
  const quality = qualityOf(network);
  const { kind, id } = ref;
  if (kind === 'pump' || kind === 'valve') return null;
  if (quality.parameter === 'none') {
    return (
      <Typography variant="caption" color="text.secondary">
        Water quality is not simulated: choose what to simulate in the Water quality tab below the canvas to set this {kind}’s quality.
      </Typography>
    );
  }
  const chemical = quality.parameter === 'chemical';
  if (kind === 'pipe' && !chemical) return null;
  const bulk = (tank: boolean) => (
    <OptionalNumberField spec={bulkSpec(network, tank)} value={quality.bulk?.[id]} disabled={disabled} onCommit={(value) => onEdit((n) => setQualityEntry(n, 'bulk', id, value))} />
  );
  return (
    <Box role="group" aria-label="Water quality" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="subtitle2" component="h3">
        Water quality
      </Typography>
      {kind === 'pipe' ? (
        <>
          {bulk(false)}
          <OptionalNumberField spec={wallSpec(network)} value={quality.wall?.[id]} disabled={disabled} onCommit={(value) => onEdit((n) => setQualityEntry(n, 'wall', id, value))} />
        </>
      ) : (
        <>
          <OptionalNumberField spec={initialSpec(quality)} value={quality.initial?.[id]} disabled={disabled} onCommit={(value) => onEdit((n) => setQualityEntry(n, 'initial', id, value))} />
          {chemical ? <SourceFields network={network} nodeId={id} disabled={disabled} onEdit={onEdit} /> : null}
          {kind === 'tank' && chemical ? bulk(true) : null}
          {kind === 'tank' ? <MixingFields network={network} tankId={id} disabled={disabled} onEdit={onEdit} /> : null}
        </>
      )}
    </Box>
  );
}

function SourceFields({ network, nodeId, disabled, onEdit }: Omit<ElementQualityProps, 'element'> & { nodeId: string }) {
  const quality = qualityOf(network);
  const source: QualitySource | undefined = quality.sources?.[nodeId];
  const set = (next: QualitySource) => onEdit((n) => setQualityEntry(n, 'sources', nodeId, next));
  return (
    <>
      <SelectField label="Source" value={source?.type ?? 'none'} options={sourceOptions} disabled={disabled} onChange={(value) => onEdit((n) => setSourceType(n, nodeId, value as SourceType | 'none'))} />
      {source ? (
        <>
          <OptionalNumberField
            spec={{ ...strengthSpec(quality, source.type), help: `${strengthSpec(quality, source.type).help}; empty: 0` }}
            value={source.strength}
            disabled={disabled}
            onCommit={(value) => set({ ...source, strength: value ?? 0 })}
          />
          <SelectField
            label="Source pattern"
            value={source.pattern ?? NONE}
            options={[{ value: NONE, label: 'None (constant)' }, ...network.patterns.map((p) => ({ value: p.id, label: p.id }))]}
            disabled={disabled}
            helperText="Multiplies the strength over time"
            onChange={(value) => {
              const { pattern: _old, ...rest } = source;
              set(value === NONE ? rest : { ...rest, pattern: value });
            }}
          />
        </>
      ) : null}
    </>
  );
}

function MixingFields({ network, tankId, disabled, onEdit }: Omit<ElementQualityProps, 'element'> & { tankId: string }) {
  const mixing = qualityOf(network).mixing?.[tankId];
  return (
    <>
      <SelectField label="Mixing model" value={mixing?.model ?? 'mixed'} options={mixingOptions} disabled={disabled} onChange={(value) => onEdit((n) => setMixingModel(n, tankId, value as MixingModel))} />
      {mixing?.model === '2comp' ? (
        <OptionalNumberField
          spec={{ ...fractionSpec, help: `${fractionSpec.help}; empty: 1` }}
          value={mixing.fraction}
          disabled={disabled}
          onCommit={(fraction) => onEdit((n) => setQualityEntry(n, 'mixing', tankId, { model: '2comp', fraction: fraction ?? 1 }))}
        />
      ) : null}
    </>
  );
}
