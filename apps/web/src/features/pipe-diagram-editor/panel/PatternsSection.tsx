// Patterns: the list, and the chosen one's id, multipliers per time step (the step's start from the
// network's pattern time step) and a bar preview. Junctions pick their pattern in their own panel.
import { memo, useCallback, useRef } from 'react';
import { Box, Button, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import type { NetworkDocument } from '@simforge/contracts';
import { formatHours } from '../model/controls';
import { addPattern, deletePattern, patternUses, renamePattern, setPatternMultipliers } from '../model/schedules';
import { scheduleMessages, type NetworkIssue } from '../model/validation';
import { NumberField } from './fields';
import { ScheduleIdField, ScheduleList, useChosenSchedule, type ScheduleEditorProps } from './ScheduleList';
import { BarPreview } from './previews';
import { IssueAlerts } from './IssueAlerts';
import { TableHeadings } from '../../../components/ui/TableHeadings';

const multiplierSpec = (i: number) => ({ key: `multiplier-${i}`, label: `Multiplier ${i + 1}`, unit: '', min: -1000, max: 1000 });

export interface SectionProps {
  network: NetworkDocument;
  issues: readonly NetworkIssue[];
  disabled?: boolean;
  onEdit(edit: (network: NetworkDocument) => NetworkDocument): void;
}

export function PatternsSection({ network, issues, disabled, onEdit }: SectionProps) {
  const { chosen: pattern, choose, add, editor } = useChosenSchedule(network.patterns, { network, disabled, onEdit });
  const step = network.times.patternStep;

  return (
    <ScheduleList
      label="Patterns"
      items={network.patterns.map((p) => {
        const uses = patternUses(network, p.id).length;
        return { id: p.id, summary: `${p.multipliers.length} steps · ${uses ? `used by ${uses}` : 'not used'}` };
      })}
      chosenId={pattern?.id}
      onChoose={choose}
      empty="No patterns: demands stay constant."
      actions={
        <Button size="small" onClick={() => add(addPattern(network))} disabled={disabled} sx={{ mt: 1 }}>
          Add pattern
        </Button>
      }
    >
      {pattern ? (
        <PatternEditor
          // By position, not id: a rename keeps the rows (and undoing it too).
          key={network.patterns.indexOf(pattern)}
          {...editor}
          id={pattern.id}
          multipliers={pattern.multipliers}
          step={step}
          issues={scheduleMessages(issues, 'pattern', pattern.id)}
        />
      ) : null}
    </ScheduleList>
  );
}

function PatternEditor({
  network,
  id,
  multipliers,
  step,
  issues,
  disabled,
  onEdit,
  onRenamed,
}: ScheduleEditorProps & {
  id: string;
  multipliers: number[];
  step: number;
  issues: string[];
}) {
  const uses = patternUses(network, id);
  const set = (next: number[]) => onEdit((n) => setPatternMultipliers(n, id, next));
  // One stable callback for every row, so that an edit re-renders only the row it changed (weekly patterns have 168).
  const latest = useRef({ multipliers, set });
  latest.current = { multipliers, set };
  const setOne = useCallback((index: number, value: number) => {
    const { multipliers: current, set: write } = latest.current;
    write(current.map((m, k) => (k === index ? value : m)));
  }, []);
  return (
    <Box role="group" aria-label={`Pattern ${id}`} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <IssueAlerts messages={issues} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Box sx={{ width: 200 }}>
          <ScheduleIdField id={id} schedules={network.patterns} rename={renamePattern} disabled={disabled} onEdit={onEdit} onRenamed={onRenamed} />
        </Box>
        <Box sx={{ flex: '1 1 240px', minWidth: 200 }}>
          <BarPreview values={multipliers} label={`Pattern ${id}: ${multipliers.length} multipliers`} />
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {uses.length ? `Used by ${uses.join(', ')}.` : 'Not used yet: pick it in a junction’s panel.'} Each step lasts {formatHours(step)} h (the network’s pattern time step); the pattern repeats.
      </Typography>
      <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
        <Table size="small" aria-label={`Multipliers of ${id}`} stickyHeader>
          <TableHeadings columns={['Step', 'From', 'Multiplier']} />
          <TableBody>
            {multipliers.map((value, i) => (
              <MultiplierRow key={i} index={i} value={value} step={step} disabled={disabled} onCommit={setOne} />
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" disabled={disabled} onClick={() => set([...multipliers, multipliers.at(-1) ?? 1])}>
          Add step
        </Button>
        <Button size="small" disabled={disabled || multipliers.length <= 1} onClick={() => set(multipliers.slice(0, -1))}>
          Remove last step
        </Button>
        <Button size="small" color="error" disabled={disabled} onClick={() => onEdit((n) => deletePattern(n, id))}>
          Delete pattern {id}
        </Button>
      </Box>
    </Box>
  );
}

const MultiplierRow = memo(function MultiplierRow({ index, value, step, disabled, onCommit }: { index: number; value: number; step: number; disabled?: boolean; onCommit(index: number, value: number): void }) {
  return (
    <TableRow>
      <TableCell>{index + 1}</TableCell>
      <TableCell>{formatHours(index * step)}</TableCell>
      <TableCell sx={{ minWidth: 120 }}>
        <NumberField dense property={multiplierSpec(index)} si={value} disabled={disabled} onCommit={(v) => onCommit(index, v)} />
      </TableCell>
    </TableRow>
  );
});
