// The polygon cross-section designer: parts (base metal or filler) drawn on a millimetre grid,
// a vertex table, dimensions, JSON import/export (metres on the wire) and validation on confirm.
import { useCallback, useMemo, useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  FormControl,
  IconButton,
  InputLabel,
  MenuItem,
  Radio,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiDelete, mdiFitToScreenOutline, mdiMagnifyMinusOutline, mdiMagnifyPlusOutline, mdiPlus, mdiTrayArrowDown, mdiTrayArrowUp } from '@mdi/js';
import { FileButton } from '../../components/ui/FileButton';
import { RemoveRowCell } from '../../components/ui/RemoveRowCell';
import { saveText } from '../../lib/saveFile';
import { CrossSectionCanvas, fitView, partColours, type Selection, type View } from './CrossSectionCanvas';
import { formatArea, formatMm } from './format';
import { area, bounds, fromWire, parseCrossSectionJson, polygonProblem, SNAP_SIZES_MM, toWire, validateParts, type CrossSectionData, type PartMm, type PointMm } from './geometry';

export interface CrossSectionDesignerProps {
  /** The starting cross-section (metres); none: one empty base-metal part. */
  initial?: CrossSectionData;
  /** Called with a valid cross-section (metres) when the user confirms. */
  onConfirm(data: CrossSectionData): void;
  onCancel?(): void;
  confirmLabel?: string;
  canvasHeight?: number;
}

/** A number input in mm that keeps what is typed while it is not (yet) a number. */
function MmInput({ value, label, onCommit }: { value: number; label: string; onCommit(value: number): void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const invalid = draft !== null && !Number.isFinite(Number.parseFloat(draft));
  return (
    <TextField
      size="small"
      type="number"
      value={draft ?? String(value)}
      error={invalid}
      onChange={(event) => {
        const text = event.target.value;
        setDraft(text);
        const parsed = Number.parseFloat(text);
        if (text.trim() !== '' && Number.isFinite(parsed)) onCommit(parsed);
      }}
      onBlur={() => setDraft(null)}
      sx={{ '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
      slotProps={{ htmlInput: { 'aria-label': label, step: 'any', style: { padding: '4px 6px', width: 72 } } }}
    />
  );
}

// Long function: a React component whose hooks and handlers share its state; most of its length is markup.
export function CrossSectionDesigner({ initial, onConfirm, onCancel, confirmLabel = 'Use this cross-section', canvasHeight }: CrossSectionDesignerProps) {
  const [parts, setParts] = useState<PartMm[]>(() => (initial && initial.parts.length > 0 ? fromWire(initial) : [{ points: [], filler: false }]));
  const [activePart, setActivePart] = useState(0);
  const [selected, setSelected] = useState<Selection | null>(null);
  const [snapMm, setSnapMm] = useState<number>(0.5);
  const [view, setView] = useState<View>(() => fitView(initial ? fromWire(initial) : []));
  const [confirmProblems, setConfirmProblems] = useState<string[] | null>(null);
  const [importError, setImportError] = useState<string | null>(null);

  const update = useCallback((change: (parts: PartMm[]) => PartMm[]) => {
    setParts((current) => change(current));
    setConfirmProblems(null);
  }, []);

  const setPoints = useCallback(
    (part: number, change: (points: PointMm[]) => PointMm[]) => update((ps) => ps.map((p, i) => (i === part ? { ...p, points: change(p.points) } : p))),
    [update],
  );

  const removePoint = useCallback(
    (selection: Selection) => {
      setPoints(selection.part, (pts) => pts.filter((_, i) => i !== selection.index));
      setSelected(null);
    },
    [setPoints],
  );

  const active = parts[activePart] ?? parts[0]!;
  const allPoints = parts.flatMap((p) => p.points);
  const box = bounds(allPoints);
  const areas = useMemo(() => parts.map((p) => (p.points.length >= 3 ? area(p.points) : 0)), [parts]);
  const baseArea = areas.reduce((s, a, i) => (parts[i]!.filler ? s : s + a), 0);
  const fillerArea = areas.reduce((s, a, i) => (parts[i]!.filler ? s + a : s), 0);

  function confirm() {
    const problems = validateParts(parts);
    if (problems.length > 0) {
      setConfirmProblems(problems);
      return;
    }
    setConfirmProblems(null);
    onConfirm(toWire(parts));
  }

  async function importFile(file: File) {
    try {
      const data = parseCrossSectionJson(await file.text());
      if (data.parts.length === 0) throw new Error('The file has no parts.');
      const next = fromWire(data);
      setParts(next);
      setActivePart(0);
      setSelected(null);
      setConfirmProblems(null);
      setView(fitView(next));
      setImportError(null);
    } catch (error) {
      setImportError(error instanceof Error ? error.message : String(error));
    }
  }

  function zoom(factor: number, at?: PointMm) {
    setView((v) => {
      const span = Math.min(2000, Math.max(2, v.span * factor));
      if (!at) return { ...v, span };
      // keep the point under the cursor in place
      const k = span / v.span;
      return { cy: at[0] + (v.cy - at[0]) * k, cz: at[1] + (v.cz - at[1]) * k, span };
    });
  }

  function addPart(filler: boolean) {
    update((ps) => [...ps, { points: [], filler }]);
    setActivePart(parts.length);
    setSelected(null);
  }

  function removePart(index: number) {
    update((ps) => (ps.length === 1 ? [{ points: [], filler: ps[0]!.filler }] : ps.filter((_, i) => i !== index)));
    setActivePart((a) => Math.max(0, a > index ? a - 1 : a === index ? Math.min(a, parts.length - 2) : a));
    setSelected(null);
  }

  function addPointByButton() {
    const last = active.points[active.points.length - 1];
    const point: PointMm = last ? [last[0] + Math.max(1, snapMm), last[1]] : [0, 0];
    setPoints(activePart, (pts) => [...pts, point]);
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <FormControl size="small" sx={{ minWidth: 120 }}>
          <InputLabel id="cs-snap-label">Snap</InputLabel>
          <Select labelId="cs-snap-label" label="Snap" value={snapMm} onChange={(e) => setSnapMm(Number(e.target.value))}>
            {SNAP_SIZES_MM.map((s) => (
              <MenuItem key={s} value={s}>
                {s} mm
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Tooltip title="Zoom in">
          <IconButton aria-label="Zoom in" onClick={() => zoom(1 / 1.4)}>
            <Icon path={mdiMagnifyPlusOutline} size={0.9} aria-hidden />
          </IconButton>
        </Tooltip>
        <Tooltip title="Zoom out">
          <IconButton aria-label="Zoom out" onClick={() => zoom(1.4)}>
            <Icon path={mdiMagnifyMinusOutline} size={0.9} aria-hidden />
          </IconButton>
        </Tooltip>
        <Tooltip title="Fit to drawing">
          <IconButton aria-label="Fit to drawing" onClick={() => setView(fitView(parts))}>
            <Icon path={mdiFitToScreenOutline} size={0.9} aria-hidden />
          </IconButton>
        </Tooltip>
        <Button variant="outlined" size="small" disabled={!selected} onClick={() => selected && removePoint(selected)} startIcon={<Icon path={mdiDelete} size={0.7} aria-hidden />}>
          Remove selected point
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <FileButton variant="outlined" accept="application/json,.json" inputLabel="Cross-section JSON file" testId="cross-section-import" onFile={(file) => void importFile(file)} startIcon={<Icon path={mdiTrayArrowUp} size={0.7} aria-hidden />}>
          Import JSON
        </FileButton>
        <Button size="small" variant="outlined" onClick={() => saveText(`${JSON.stringify(toWire(parts), null, 2)}\n`, 'cross-section.json', 'application/json')} startIcon={<Icon path={mdiTrayArrowDown} size={0.7} aria-hidden />}>
          Export JSON
        </Button>
      </Box>
      {importError ? (
        <Alert severity="error" onClose={() => setImportError(null)}>
          <AlertTitle>Import failed</AlertTitle>
          {importError}
        </Alert>
      ) : null}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(300px, 2fr)' }, alignItems: 'start' }}>
        <Box>
          <CrossSectionCanvas
            parts={parts}
            activePart={activePart}
            selected={selected}
            snapMm={snapMm}
            view={view}
            height={canvasHeight}
            onSelect={setSelected}
            onActivatePart={setActivePart}
            onAddPoint={(p) => {
              setPoints(activePart, (pts) => [...pts, p]);
              setSelected({ part: activePart, index: active.points.length });
            }}
            onMovePoint={(s, p) => setPoints(s.part, (pts) => pts.map((q, i) => (i === s.index ? p : q)))}
            onInsertPoint={(part, after, p) => {
              setPoints(part, (pts) => [...pts.slice(0, after + 1), p, ...pts.slice(after + 1)]);
              setActivePart(part);
              setSelected({ part, index: after + 1 });
            }}
            onRemovePoint={removePoint}
            onZoom={zoom}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Click to add a point to the active part; drag a point to move it (snapped to {snapMm} mm); double-click an edge to insert a point; select a point and press
            Delete to remove it (arrow keys move it). y to the right, z up, in mm.
          </Typography>
          <Box component="dl" aria-label="Dimensions" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25, mt: 1.5, mb: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, fontWeight: 500 } }}>
            <dt>Width × height</dt>
            <dd data-testid="cs-size">{box ? `${formatMm(box.width)} × ${formatMm(box.height)} mm` : '—'}</dd>
            <dt>Area</dt>
            <dd data-testid="cs-area">
              {formatArea(baseArea + fillerArea)} mm² (base metal {formatArea(baseArea)} mm², filler {formatArea(fillerArea)} mm²)
            </dd>
          </Box>
        </Box>

        <Stack spacing={2}>
          <Box>
            <Typography component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
              Parts
            </Typography>
            <Stack spacing={0.5} role="radiogroup" aria-label="Active part">
              {parts.map((part, i) => {
                const problem = polygonProblem(part.points);
                const colour = part.filler ? partColours.filler : partColours.base;
                return (
                  <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 1, borderLeft: 4, borderColor: colour.stroke, pl: 0.5, bgcolor: i === activePart ? 'action.selected' : undefined, borderRadius: 0.5 }}>
                    <Radio
                      size="small"
                      checked={i === activePart}
                      onChange={() => {
                        setActivePart(i);
                        setSelected(null);
                      }}
                      slotProps={{ input: { 'aria-label': `Part ${i + 1} active` } }}
                    />
                    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        Part {i + 1}: {part.points.length} points, {formatArea(areas[i]!)} mm²
                      </Typography>
                      {problem ? (
                        <Typography variant="caption" color="error">
                          {problem.charAt(0).toUpperCase() + problem.slice(1)}
                        </Typography>
                      ) : null}
                    </Box>
                    <ToggleButtonGroup
                      size="small"
                      exclusive
                      value={part.filler ? 'filler' : 'base'}
                      onChange={(_, v: string | null) => v && update((ps) => ps.map((p, j) => (j === i ? { ...p, filler: v === 'filler' } : p)))}
                      aria-label={`Part ${i + 1} material`}
                    >
                      <ToggleButton value="base" sx={{ py: 0.25, px: 1 }}>
                        Base metal
                      </ToggleButton>
                      <ToggleButton value="filler" sx={{ py: 0.25, px: 1 }}>
                        Filler
                      </ToggleButton>
                    </ToggleButtonGroup>
                    <IconButton size="small" aria-label={`Remove part ${i + 1}`} onClick={() => removePart(i)}>
                      <Icon path={mdiDelete} size={0.75} aria-hidden />
                    </IconButton>
                  </Box>
                );
              })}
            </Stack>
            <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
              <Button size="small" onClick={() => addPart(false)} startIcon={<Icon path={mdiPlus} size={0.7} aria-hidden />}>
                Add base metal part
              </Button>
              <Button size="small" onClick={() => addPart(true)} startIcon={<Icon path={mdiPlus} size={0.7} aria-hidden />}>
                Add filler part
              </Button>
            </Box>
          </Box>

          <Box>
            <Typography component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
              Points of part {activePart + 1} (mm)
            </Typography>
            <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
              <Table size="small" aria-label={`Points of part ${activePart + 1}`} stickyHeader>
                <TableHead>
                  <TableRow>
                    <TableCell>#</TableCell>
                    <TableCell>y (mm)</TableCell>
                    <TableCell>z (mm)</TableCell>
                    <TableCell aria-label="Actions" />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {active.points.map(([y, z], i) => (
                    <TableRow key={i} selected={selected?.part === activePart && selected.index === i} onClick={() => setSelected({ part: activePart, index: i })}>
                      <TableCell>{i + 1}</TableCell>
                      <TableCell>
                        <MmInput value={y} label={`Point ${i + 1} y (mm)`} onCommit={(v) => setPoints(activePart, (pts) => pts.map((q, j) => (j === i ? [v, q[1]] : q)))} />
                      </TableCell>
                      <TableCell>
                        <MmInput value={z} label={`Point ${i + 1} z (mm)`} onCommit={(v) => setPoints(activePart, (pts) => pts.map((q, j) => (j === i ? [q[0], v] : q)))} />
                      </TableCell>
                      <RemoveRowCell label={`Remove point ${i + 1}`} icon={mdiDelete} onRemove={() => removePoint({ part: activePart, index: i })} />
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            {active.points.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                No points yet: click on the drawing or use “Add point”.
              </Typography>
            ) : null}
            <Button size="small" sx={{ mt: 1 }} onClick={addPointByButton} startIcon={<Icon path={mdiPlus} size={0.7} aria-hidden />}>
              Add point
            </Button>
          </Box>
        </Stack>
      </Box>

      {confirmProblems ? (
        <Alert severity="error" role="alert">
          <AlertTitle>This cross-section cannot be used</AlertTitle>
          {confirmProblems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
        <Button variant="contained" onClick={confirm}>
          {confirmLabel}
        </Button>
      </Box>
    </Box>
  );
}
