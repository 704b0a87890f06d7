// The side panel: the selected element's id and properties (units and ranges) with its water quality
// and a pump's energy, several selected elements (count, delete), or with nothing selected the
// network's settings (head-loss formula, energy) and its problems.
import { useMemo } from 'react';
import { Alert, Box, Button, List, ListItemButton, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import type { NetworkDocument } from '@simforge/contracts';
import { findElement, isNodeKind, linksOf, nodesOf, updateElement, type ElementRef } from '../model/editing';
import { kindLabels, propertiesOf } from '../model/properties';
import { issuePlace, type NetworkIssue } from '../model/validation';
import { ElementQuality } from './ElementQuality';
import { NetworkEnergy, PumpEnergy } from './EnergyFields';
import { ChoiceField, IdField, NumberField } from './fields';
import { IssueAlerts } from './IssueAlerts';

export interface PropertiesPanelProps {
  network: NetworkDocument;
  selection: readonly ElementRef[];
  issues: readonly NetworkIssue[];
  disabled?: boolean;
  onEdit(edit: (network: NetworkDocument) => NetworkDocument): void;
  onSelect(selection: ElementRef[]): void;
  onDelete(): void;
}

const headlossOptions = [
  { value: 'H-W', label: 'Hazen-Williams' },
  { value: 'D-W', label: 'Darcy-Weisbach' },
  { value: 'C-M', label: 'Chezy-Manning' },
];

function ElementProperties({ network, element: ref, disabled, onEdit, issues }: { network: NetworkDocument; element: ElementRef; disabled?: boolean; onEdit: PropertiesPanelProps['onEdit']; issues: string[] }) {
  const element = findElement(network, ref);
  const taken = useMemo(() => new Set(isNodeKind(ref.kind) ? nodesOf(network).map((n) => n.node.id) : linksOf(network).map((l) => l.link.id)), [network, ref.kind]);
  if (!element) return null;
  const link = 'from' in element ? element : null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} aria-label={`${kindLabels[ref.kind]} ${ref.id} properties`} role="group">
      <Typography variant="subtitle2">
        {kindLabels[ref.kind]} {ref.id}
        {link ? ` (${link.from} → ${link.to})` : ''}
      </Typography>
      <IssueAlerts messages={issues} />
      <IdField id={ref.id} taken={taken} disabled={disabled} onCommit={(id) => onEdit((n) => updateElement(n, ref, { id }))} />
      {propertiesOf(ref.kind, element, network).map((property) =>
        property.kind === 'number' ? (
          <NumberField key={property.key} property={property} si={property.read(element, network)} disabled={disabled} onCommit={(si) => onEdit((n) => property.write(n, ref, si))} />
        ) : (
          <ChoiceField key={property.key} property={property} value={property.read(element)} disabled={disabled} onCommit={(value) => onEdit((n) => property.write(n, ref, value))} />
        ),
      )}
      <ElementQuality network={network} element={ref} disabled={disabled} onEdit={onEdit} />
      {ref.kind === 'pump' ? <PumpEnergy network={network} pumpId={ref.id} disabled={disabled} onEdit={onEdit} /> : null}
    </Box>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function PropertiesPanel({ network, selection, issues, disabled, onEdit, onSelect, onDelete }: PropertiesPanelProps) {
  if (selection.length === 1) {
    const ref = selection[0]!;
    const own = issues.filter((i) => i.element && i.element.kind === ref.kind && i.element.id === ref.id).map((i) => i.message);
    return <ElementProperties key={`${ref.kind}:${ref.id}`} network={network} element={ref} disabled={disabled} onEdit={onEdit} issues={own} />;
  }
  if (selection.length > 1) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="subtitle2">{selection.length} elements selected</Typography>
        <Button variant="outlined" color="error" onClick={onDelete} disabled={disabled}>
          Delete selected
        </Button>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="subtitle2">Network</Typography>
      <Typography variant="body2" color="text.secondary">
        {network.junctions.length} junctions, {network.reservoirs.length} reservoirs, {network.tanks.length} tanks, {network.pipes.length} pipes, {network.pumps.length} pumps, {network.valves.length} valves
      </Typography>
      <TextField
        select
        size="small"
        label="Head-loss formula"
        value={network.options.headloss}
        disabled={disabled}
        onChange={(event) => onEdit((n) => ({ ...n, options: { ...n.options, headloss: event.target.value as NetworkDocument['options']['headloss'] } }))}
        helperText="Pipe roughness is read in the chosen formula’s terms"
      >
        {headlossOptions.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      <NetworkEnergy network={network} disabled={disabled} onEdit={onEdit} />
      <Typography variant="subtitle2" component="h3">
        Checks
      </Typography>
      {issues.length === 0 ? (
        <Alert severity="success">No problems found: every junction is connected to a source.</Alert>
      ) : (
        <List dense aria-label="Network problems" sx={{ maxHeight: 260, overflow: 'auto', p: 0 }}>
          {issues.map((issue, i) => (
            <ListItemButton key={i} disabled={!issue.element} onClick={() => issue.element && onSelect([issue.element])} sx={{ color: 'error.main' }}>
              <ListItemText primary={issue.element ? `${kindLabels[issue.element.kind]} ${issue.element.id}: ${issue.message}` : issue.schedule || issue.setting ? `${capitalised(issuePlace(issue)!)}: ${issue.message}` : issue.message} />
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
}
