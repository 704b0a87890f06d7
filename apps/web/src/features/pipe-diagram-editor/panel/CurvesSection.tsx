// Curves: the list, and the chosen one's id, kind, x/y table in its kind's units (pump: L/s and m;
// tank volume: m and m³) and a line preview. Pumps, tanks and GPVs pick their curve in their own panel.
import { Box, Button, MenuItem, Table, TableBody, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { mdiClose } from '@mdi/js';
import { addCurve, curveAxes, curveKindLabels, curveUses, deleteCurve, fromSIIn, renameCurve, setCurveKind, setCurvePoints, type Curve, type CurveKind } from '../model/schedules';
import { NumberField } from './fields';
import type { SectionProps } from './PatternsSection';
import { ScheduleIdField, ScheduleList, useChosenSchedule, type ScheduleEditorProps } from './ScheduleList';
import { LinePreview } from './previews';
import { scheduleMessages } from '../model/validation';
import { IssueAlerts } from './IssueAlerts';
import { RemoveRowCell } from '../../../components/ui/RemoveRowCell';
import { TableHeadings } from '../../../components/ui/TableHeadings';

const kinds: CurveKind[] = ['pump', 'volume', 'headloss', 'efficiency', 'valve', 'generic'];

/** Ranges of the typed values, by axis unit (display units). */
function axisRange(unit: string, label: string): { min: number; max: number } {
  if (unit === 'L/s') return { min: 0, max: 100_000 };
  if (unit === 'm³') return { min: 0, max: 1e9 };
  if (label === 'Level') return { min: 0, max: 1000 };
  if (unit === 'm') return { min: 0, max: 10_000 };
  return { min: -1e9, max: 1e9 };
}

/** The point a new row starts with: the last step continued (a pump's head kept above 0). */
export function nextPoint(curve: Curve): [number, number] {
  const n = curve.points.length;
  if (n === 0) return curve.kind === 'pump' ? [0.01, 20] : [0, 0];
  const [x, y] = curve.points[n - 1]!;
  if (n === 1) return [x > 0 ? 2 * x : 1, curve.kind === 'pump' ? y / 2 : y];
  const [xp, yp] = curve.points[n - 2]!;
  const next: [number, number] = [x + (x - xp), y + (y - yp)];
  if (curve.kind === 'pump' && next[1] <= 0) next[1] = y / 2;
  return next;
}

export function CurvesSection({ network, issues, disabled, onEdit }: SectionProps) {
  const { chosen: curve, choose, add: added, editor } = useChosenSchedule(network.curves, { network, disabled, onEdit });
  const add = (kind: CurveKind) => added(addCurve(network, kind));

  return (
    <ScheduleList
      label="Curves"
      items={network.curves.map((c) => ({ id: c.id, summary: `${curveKindLabels[c.kind]} · ${c.points.length} point(s)` }))}
      chosenId={curve?.id}
      onChoose={choose}
      empty="No curves."
      actions={
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', mt: 1 }}>
          <Button size="small" onClick={() => add('pump')} disabled={disabled}>
            Add pump curve
          </Button>
          <Button size="small" onClick={() => add('volume')} disabled={disabled}>
            Add volume curve
          </Button>
          <Button size="small" onClick={() => add('headloss')} disabled={disabled}>
            Add head-loss curve
          </Button>
          <Button size="small" onClick={() => add('efficiency')} disabled={disabled}>
            Add efficiency curve
          </Button>
          <Button size="small" onClick={() => add('valve')} disabled={disabled}>
            Add valve opening curve
          </Button>
        </Box>
      }
    >
      {curve ? <CurveEditor key={network.curves.indexOf(curve)} {...editor} curve={curve} issues={scheduleMessages(issues, 'curve', curve.id)} /> : null}
    </ScheduleList>
  );
}

function CurveEditor({ network, curve, issues, disabled, onEdit, onRenamed }: ScheduleEditorProps & { curve: Curve; issues: string[] }) {
  const { id, points, kind } = curve;
  const axes = curveAxes[kind];
  const uses = curveUses(network, id);
  const set = (next: [number, number][]) => onEdit((n) => setCurvePoints(n, id, next));
  const spec = (axis: 'x' | 'y', i: number) => ({ key: `${axis}-${i}`, label: `${axes[axis].label} ${i + 1}`, unit: axes[axis].unit, ...axisRange(axes[axis].unit, axes[axis].label) });
  const heading = (axis: 'x' | 'y') => `${axes[axis].label}${axes[axis].unit ? ` (${axes[axis].unit})` : ''}`;
  return (
    <Box role="group" aria-label={`Curve ${id}`} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <IssueAlerts messages={issues} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Box sx={{ width: 200, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <ScheduleIdField id={id} schedules={network.curves} rename={renameCurve} disabled={disabled} onEdit={onEdit} onRenamed={onRenamed} />
          <TextField
            select
            size="small"
            label="Kind"
            value={kind}
            disabled={disabled || uses.length > 0}
            helperText={uses.length > 0 ? 'Fixed while it is used' : 'The numbers stay; their units follow the kind'}
            onChange={(event) => onEdit((n) => setCurveKind(n, id, event.target.value as CurveKind))}
          >
            {kinds.map((k) => (
              <MenuItem key={k} value={k}>
                {curveKindLabels[k]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ flex: '1 1 240px', minWidth: 200 }}>
          <LinePreview
            points={points.map(([x, y]) => [fromSIIn(x, axes.x.unit), fromSIIn(y, axes.y.unit)] as [number, number])}
            label={`Curve ${id}: ${points.length} point(s)`}
            xLabel={heading('x')}
            yLabel={heading('y')}
          />
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {uses.length ? `Used by ${uses.join(', ')}.` : `Not used yet: pick it in a ${kind === 'volume' ? 'tank' : kind === 'headloss' ? 'GPV valve' : kind === 'valve' ? 'PCV valve' : 'pump'}’s panel.`}
        {kind === 'pump' ? ' One point is a design point (EPANET draws its curve through it); more points must have heads falling as the flow rises.' : ''}
      </Typography>
      <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
        <Table size="small" aria-label={`Points of ${id}`} stickyHeader>
          <TableHeadings columns={['#', heading('x'), heading('y'), '']} />
          <TableBody>
            {points.map(([x, y], i) => (
              <TableRow key={i}>
                <TableCell>{i + 1}</TableCell>
                <TableCell sx={{ minWidth: 110 }}>
                  <NumberField dense property={spec('x', i)} si={x} disabled={disabled} onCommit={(v) => set(points.map((p, k) => (k === i ? [v, p[1]] : p)))} />
                </TableCell>
                <TableCell sx={{ minWidth: 110 }}>
                  <NumberField dense property={spec('y', i)} si={y} disabled={disabled} onCommit={(v) => set(points.map((p, k) => (k === i ? [p[0], v] : p)))} />
                </TableCell>
                <RemoveRowCell label={`Remove point ${i + 1}`} icon={mdiClose} disabled={disabled || points.length <= 1} onRemove={() => set(points.filter((_p, k) => k !== i))} />
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" disabled={disabled} onClick={() => set([...points, nextPoint(curve)])}>
          Add point
        </Button>
        <Button size="small" color="error" disabled={disabled} onClick={() => onEdit((n) => deleteCurve(n, id))}>
          Delete curve {id}
        </Button>
      </Box>
    </Box>
  );
}
