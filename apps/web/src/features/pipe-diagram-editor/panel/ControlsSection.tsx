// Simple controls, one row each: which link, what it does (open, closed, or a setting in the link's
// terms), and when (a node's pressure or level above or below a value, a time into the run, a time
// of day); the row reads back as the EPANET line it becomes.
import { Box, Button, Checkbox, FormControlLabel, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { linksOf, nodesOf } from '../model/editing';
import { conditionSpec, describeControl, formatHours, parseHours, settingSpec, withConditionKind, withLink, withNode, type ConditionKind } from '../model/controls';
import { kindLabels } from '../model/properties';
import { addControl, deleteControl, updateControl, type Control } from '../model/schedules';
import { NumberField } from './fields';
import { useDraftText } from './useDraftText';
import type { SectionProps } from './PatternsSection';
import { scheduleMessages } from '../model/validation';
import { IssueAlerts } from './IssueAlerts';

type ActionChoice = 'open' | 'closed' | 'setting';

function Select<T extends string>({ label, value, options, onChange, disabled }: { label: string; value: T; options: { value: T; label: string }[]; onChange(value: T): void; disabled?: boolean }) {
  return (
    <TextField select size="small" label={label} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as T)} sx={{ minWidth: 130 }}>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Hours typed as 1.5 or 1:30; written when valid and the field is left or Enter pressed. */
function HoursField({ label, seconds, clock, onCommit, disabled }: { label: string; seconds: number; clock: boolean; onCommit(seconds: number): void; disabled?: boolean }) {
  const commit = (text: string) => {
    const parsed = parseHours(text);
    if (parsed === null) return 'Hours, as 1.5 or 1:30';
    if (clock && parsed >= 86_400) return 'A time of day before 24:00';
    if (parsed !== seconds) onCommit(parsed);
    return null;
  };
  const { error, inputProps } = useDraftText(() => formatHours(seconds), commit, [seconds]);
  return (
    <TextField
      size="small"
      label={label}
      {...inputProps}
      disabled={disabled}
      helperText={error ?? 'h:mm'}
      sx={{ width: 140 }}
    />
  );
}

export function ControlsSection({ network, issues, disabled, onEdit }: SectionProps) {
  const links = linksOf(network).filter(({ kind, link }) => !(kind === 'pipe' && 'status' in link && link.status === 'cv'));
  const canAdd = links.length > 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        Simple controls change a link’s status or setting when a node’s pressure (junction) or level (tank) passes a value, at a time into the run, or at a time of day. Check valves cannot be controlled.
      </Typography>
      {network.controls.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No controls.
        </Typography>
      ) : null}
      <Box component="ol" aria-label="Controls" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {network.controls.map((control, index) => (
          <li key={index}>
            <ControlRow
              network={network}
              control={control}
              index={index}
              issues={scheduleMessages(issues, 'control', String(index))}
              disabled={disabled}
              onEdit={onEdit}
            />
          </li>
        ))}
      </Box>
      <Box>
        <Button size="small" disabled={disabled || !canAdd} onClick={() => onEdit((n) => addControl(n) ?? n)}>
          Add control
        </Button>
        {!canAdd ? (
          <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            Draw a link first.
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

function ControlRow({ network, control, index, issues, disabled, onEdit }: Omit<SectionProps, 'issues'> & { control: Control; index: number; issues: string[] }) {
  const set = (next: Control) => onEdit((n) => updateControl(n, index, next));
  const setting = settingSpec(network, control.link);
  const action: ActionChoice = control.action.status ?? 'setting';
  const c = control.condition;
  const linkOptions = linksOf(network)
    .filter(({ kind, link }) => !(kind === 'pipe' && 'status' in link && link.status === 'cv') || link.id === control.link)
    .map(({ kind, link }) => ({ value: link.id, label: `${link.id} (${kindLabels[kind].toLowerCase()})` }));
  if (!linkOptions.some((o) => o.value === control.link)) linkOptions.push({ value: control.link, label: `${control.link} (missing)` });
  const nodeOptions = nodesOf(network).map(({ kind, node }) => ({ value: node.id, label: `${node.id} (${kindLabels[kind].toLowerCase()})` }));
  if (c.kind === 'node' && !nodeOptions.some((o) => o.value === c.node)) nodeOptions.push({ value: c.node, label: `${c.node} (missing)` });
  const actionOptions: { value: ActionChoice; label: string }[] = [
    { value: 'open', label: 'Open' },
    { value: 'closed', label: 'Closed' },
    ...(setting ? [{ value: 'setting' as const, label: setting.label }] : []),
  ];

  function chooseAction(choice: ActionChoice) {
    if (choice !== 'setting') return set({ ...control, action: { status: choice } });
    const link = linksOf(network).find((l) => l.link.id === control.link);
    // A pump starts at its own speed, a valve at its own setting.
    const start = link && 'speed' in link.link ? link.link.speed : link && 'setting' in link.link ? link.link.setting : 1;
    set({ ...control, action: { setting: start } });
  }

  return (
    <Paper variant="outlined" role="group" aria-label={`Control ${index + 1}`} sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace' }} data-testid="control-line">
        {index + 1}. {describeControl(network, control)}
      </Typography>
      <IssueAlerts messages={issues} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Select label="Link" value={control.link} options={linkOptions} disabled={disabled} onChange={(id) => set(withLink(network, control, id))} />
        <Select label="Action" value={action} options={actionOptions} disabled={disabled} onChange={chooseAction} />
        {action === 'setting' && setting ? (
          <Box sx={{ width: 170 }}>
            <NumberField property={setting} si={control.action.setting} disabled={disabled} onCommit={(si) => set({ ...control, action: { setting: si } })} />
          </Box>
        ) : null}
        <Select<ConditionKind>
          label="When"
          value={c.kind}
          options={[
            { value: 'node', label: 'A node’s value' },
            { value: 'time', label: 'At a time into the run' },
            { value: 'clocktime', label: 'At a time of day' },
          ]}
          disabled={disabled}
          onChange={(kind) => set(withConditionKind(network, control, kind))}
        />
        {c.kind === 'node' ? (
          <>
            <Select label="Node" value={c.node} options={nodeOptions} disabled={disabled} onChange={(id) => set(withNode(network, control, id))} />
            <Select
              label="Is"
              value={c.comparison}
              options={[
                { value: 'above', label: 'Above' },
                { value: 'below', label: 'Below' },
              ]}
              disabled={disabled}
              onChange={(comparison) => set({ ...control, condition: { ...c, comparison } })}
            />
            <Box sx={{ width: 170 }}>
              <NumberField property={conditionSpec(network, c.node)} si={c.value} disabled={disabled} onCommit={(value) => set({ ...control, condition: { ...c, value } })} />
            </Box>
          </>
        ) : (
          <HoursField
            label={c.kind === 'time' ? 'Time into the run' : 'Time of day'}
            seconds={c.time}
            clock={c.kind === 'clocktime'}
            disabled={disabled}
            onCommit={(time) => set({ ...control, condition: { ...c, time } })}
          />
        )}
        <FormControlLabel control={<Checkbox size="small" checked={control.enabled} disabled={disabled} onChange={(event) => set({ ...control, enabled: event.target.checked })} />} label="Enabled" />
        <Button size="small" color="error" disabled={disabled} onClick={() => onEdit((n) => deleteControl(n, index))}>
          Delete control {index + 1}
        </Button>
      </Box>
    </Paper>
  );
}
