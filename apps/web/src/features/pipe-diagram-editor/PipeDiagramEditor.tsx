// The pipe diagram editor: junctions, reservoirs and tanks placed on a canvas; pipes, pumps and valves
// drawn between them (drag from a node's handle, or pick two nodes in connect mode); drag, delete,
// undo and redo; the side panel edits the selection with units and ranges; `.inp` import and export
// through the server; the checks (no source, parts not connected to one) shown beside the elements.
// The second generation (create-pipe-v2) adds a larger canvas, grid snapping, box and multi-select,
// and a table for bulk editing of pipes and junctions. Below the canvas, both edit the patterns, curves,
// simple and rule-based controls and the demand model.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { Alert, Box, Button, ButtonGroup, Divider, Paper, Snackbar, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiDeleteOutline, mdiDownload, mdiRedo, mdiUndo, mdiUpload, mdiVectorLine } from '@mdi/js';
import type { NetworkDocument } from '@simforge/contracts';
import { FileButton } from '../../components/ui/FileButton';
import { saveText } from '../../lib/saveFile';
import { DiagramCanvas, fitScale, fromFlow, type MapScale } from './canvas/DiagramCanvas';
import { conversionMessage, inpToNetwork, networkToInp, ruleErrorsOf, type RuleError } from './conversionApi';
import { addLink, addNode, deleteElements, findElement, moveNodes, placeUnpositioned, type ElementRef, type LinkKind, type NodeKind } from './model/editing';
import { useHistory } from './model/history';
import { issuesByElement, validateNetwork, type NetworkIssue } from './model/validation';
import { BulkTable } from './panel/BulkTable';
import { PropertiesPanel } from './panel/PropertiesPanel';
import { SchedulesPanel } from './panel/SchedulesPanel';

export type EditorVariant = 'v1' | 'v2';

export interface PipeDiagramEditorProps {
  initial: NetworkDocument;
  variant?: EditorVariant;
  disabled?: boolean;
  /** Every change of the document, with its problems (none: it can be saved). */
  onChange?(network: NetworkDocument, issues: NetworkIssue[]): void;
  /** Name of the exported file. */
  fileName?: string;
  /** Extra buttons at the end of the toolbar. */
  actions?: ReactNode;
  /** The rules' faulty lines as the server found them when the document was last written (absent: only an export checks them). */
  ruleErrors?: readonly RuleError[];
}

const NO_RULE_ERRORS: readonly RuleError[] = [];

// Long function: a React component whose hooks and handlers share its state; most of its length is markup.
function EditorBody({ initial, variant = 'v1', disabled, onChange, fileName = 'network.inp', actions, ruleErrors }: PipeDiagramEditorProps) {
  const v2 = variant === 'v2';
  const history = useHistory(() => placeUnpositioned(initial));
  const network = history.present;
  const [mapScale, setMapScale] = useState<MapScale>(() => fitScale(network));
  const [selection, setSelection] = useState<ElementRef[]>([]);
  const [linkKind, setLinkKind] = useState<LinkKind>('pipe');
  const [connecting, setConnecting] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error' | 'warning' | 'info'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [exportRuleErrors, setExportRuleErrors] = useState<readonly RuleError[]>(NO_RULE_ERRORS);
  const canvasBox = useRef<HTMLDivElement>(null);
  const flow = useReactFlow();
  const issues = useMemo(() => validateNetwork(network), [network]);
  const byElement = useMemo(() => issuesByElement(issues), [issues]);
  const added = useRef(0);

  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    onChangeRef.current?.(network, issues);
  }, [network, issues]);

  // Selections may name elements an undo removed.
  const liveSelection = useMemo(() => selection.filter((ref) => findElement(network, ref) !== undefined), [selection, network]);

  const { apply } = history;
  // Stable between edits, so that the memoised panels below the canvas skip selection changes.
  const edit = useCallback(
    (change: (n: NetworkDocument) => NetworkDocument) => {
      if (!disabled) apply(change);
    },
    [disabled, apply],
  );

  function place(kind: NodeKind) {
    const box = canvasBox.current?.getBoundingClientRect();
    const centre = flow.screenToFlowPosition({ x: (box?.left ?? 0) + (box?.width ?? 0) / 2, y: (box?.top ?? 0) + (box?.height ?? 0) / 2 });
    const offset = (added.current++ % 6) * 30;
    const at = fromFlow(mapScale, { x: centre.x + offset, y: centre.y + offset });
    const position = { x: Number(at.x.toPrecision(8)), y: Number(at.y.toPrecision(8)) };
    const result = addNode(network, kind, position);
    history.push(result.network);
    setSelection([{ kind, id: result.id }]);
  }

  function connect(from: string, to: string) {
    const result = addLink(network, linkKind, from, to);
    if (!result) {
      setNotice({ severity: 'warning', text: 'A link joins two different nodes.' });
      return;
    }
    history.push(result.network);
    setSelection([{ kind: linkKind, id: result.id }]);
  }

  function remove(refs: readonly ElementRef[]) {
    if (refs.length === 0) return;
    edit((n) => deleteElements(n, refs));
    setSelection([]);
  }

  async function importFile(file: File) {
    setBusy(true);
    try {
      const answer = await inpToNetwork(await file.text());
      const next = placeUnpositioned(answer.network);
      history.push(next);
      setMapScale(fitScale(next));
      setSelection([]);
      window.requestAnimationFrame?.(() => void flow.fitView());
      setNotice(
        answer.warnings.length > 0
          ? { severity: 'warning', text: `${file.name} imported; not used: ${answer.warnings.map((w) => `line ${w.line} [${w.section}] ${w.message}`).join('; ')}` }
          : { severity: 'success', text: `${file.name} imported` },
      );
    } catch (error) {
      setNotice({ severity: 'error', text: `${file.name}: ${conversionMessage(error)}` });
    } finally {
      setBusy(false);
    }
  }

  async function exportFile() {
    if (issues.length > 0) {
      setNotice({ severity: 'error', text: `Fix ${issues.length} problem(s) before exporting: ${issues[0]!.message}` });
      return;
    }
    setBusy(true);
    try {
      const answer = await networkToInp(network);
      setExportRuleErrors(NO_RULE_ERRORS);
      saveText(answer.inp, fileName, 'text/plain');
      setNotice(answer.warnings.length ? { severity: 'warning', text: `Exported; ${answer.warnings.join('; ')}` } : { severity: 'success', text: `Exported ${fileName}` });
    } catch (error) {
      setExportRuleErrors(ruleErrorsOf(error) ?? NO_RULE_ERRORS);
      setNotice({ severity: 'error', text: conversionMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  function onNodeClick(id: string) {
    if (!connecting || disabled) return;
    if (pending === null) setPending(id);
    else {
      if (pending !== id) connect(pending, id);
      setPending(null);
    }
  }

  const locked = disabled || busy;
  const height = v2 ? 720 : 480;
  return (
    <Box
      onKeyDown={(event) => {
        const target = event.target as HTMLElement;
        if (target.closest('input, textarea, [role="combobox"]')) return;
        const mod = event.ctrlKey || event.metaKey;
        if (mod && event.key.toLowerCase() === 'z') {
          event.preventDefault();
          if (event.shiftKey) history.redo();
          else history.undo();
        } else if (mod && event.key.toLowerCase() === 'y') {
          event.preventDefault();
          history.redo();
        } else if (event.key === 'Escape') {
          setPending(null);
          setConnecting(false);
        }
      }}
      // Focusable, so that Ctrl+Z reaches it after a click on the canvas.
      tabIndex={-1}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, outline: 'none' }}
      data-testid="pipe-diagram-editor"
      data-variant={variant}
    >
      <Box role="toolbar" aria-label="Diagram tools" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <ButtonGroup size="small" variant="outlined" disabled={locked}>
          <Button onClick={() => place('junction')}>Add junction</Button>
          <Button onClick={() => place('reservoir')}>Add reservoir</Button>
          <Button onClick={() => place('tank')}>Add tank</Button>
        </ButtonGroup>
        <ToggleButtonGroup size="small" exclusive value={linkKind} onChange={(_e, value: LinkKind | null) => value && setLinkKind(value)} aria-label="Link type" disabled={locked}>
          <ToggleButton value="pipe">Pipe</ToggleButton>
          <ToggleButton value="pump">Pump</ToggleButton>
          <ToggleButton value="valve">Valve</ToggleButton>
        </ToggleButtonGroup>
        <Tooltip title="Click two nodes to join them with the chosen link type (or drag from a node's handle to another node)">
          <ToggleButton
            size="small"
            value="connect"
            selected={connecting}
            disabled={locked}
            onChange={() => {
              setConnecting((c) => !c);
              setPending(null);
            }}
            aria-label="Connect nodes"
          >
            <Icon path={mdiVectorLine} size={0.8} aria-hidden />
            &nbsp;Connect
          </ToggleButton>
        </Tooltip>
        <Divider orientation="vertical" flexItem />
        <Button size="small" startIcon={<Icon path={mdiDeleteOutline} size={0.8} aria-hidden />} disabled={locked || liveSelection.length === 0} onClick={() => remove(liveSelection)}>
          Delete
        </Button>
        <Button size="small" startIcon={<Icon path={mdiUndo} size={0.8} aria-hidden />} disabled={locked || !history.canUndo} onClick={history.undo}>
          Undo
        </Button>
        <Button size="small" startIcon={<Icon path={mdiRedo} size={0.8} aria-hidden />} disabled={locked || !history.canRedo} onClick={history.redo}>
          Redo
        </Button>
        <Divider orientation="vertical" flexItem />
        <FileButton accept=".inp,.txt" inputLabel="Import an EPANET .inp file" testId="diagram-import-file" onFile={(file) => void importFile(file)} disabled={locked} startIcon={<Icon path={mdiUpload} size={0.8} aria-hidden />}>
          Import .inp
        </FileButton>
        <Button size="small" startIcon={<Icon path={mdiDownload} size={0.8} aria-hidden />} disabled={busy} onClick={() => void exportFile()}>
          Export .inp
        </Button>
        {actions}
      </Box>
      {connecting ? (
        <Typography variant="body2" color="text.secondary">
          {pending ? `From ${pending}: click the node the ${linkKind} goes to (Esc to stop).` : `Click the node the ${linkKind} starts at.`}
        </Typography>
      ) : null}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: v2 ? 'minmax(0, 1fr) 320px' : 'minmax(0, 1fr) 280px' } }}>
        <Paper variant="outlined" ref={canvasBox} sx={{ overflow: 'hidden' }}>
          <DiagramCanvas
            network={network}
            mapScale={mapScale}
            selection={liveSelection}
            issues={byElement}
            pending={pending}
            height={height}
            v2={v2}
            readOnly={locked}
            onSelectionChange={setSelection}
            onMove={(moves) => edit((n) => moveNodes(n, moves))}
            onConnect={connect}
            onNodeClick={onNodeClick}
            onDelete={remove}
          />
        </Paper>
        <Paper variant="outlined" sx={{ p: 1.5, maxHeight: height, overflow: 'auto' }} aria-label="Properties" role="complementary">
          <PropertiesPanel network={network} selection={liveSelection} issues={issues} disabled={locked} onEdit={edit} onSelect={setSelection} onDelete={() => remove(liveSelection)} />
        </Paper>
      </Box>
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <SchedulesPanel network={network} issues={issues} ruleErrors={ruleErrors ?? exportRuleErrors} disabled={locked} onEdit={edit} />
      </Paper>
      {v2 ? (
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <BulkTable network={network} disabled={locked} onEdit={edit} />
        </Paper>
      ) : null}
      <Snackbar open={notice !== null} autoHideDuration={6500} onClose={() => setNotice(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        {notice ? (
          <Alert severity={notice.severity} onClose={() => setNotice(null)} sx={{ maxWidth: 720 }}>
            {notice.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Box>
  );
}

export function PipeDiagramEditor(props: PipeDiagramEditorProps) {
  return (
    <ReactFlowProvider>
      <EditorBody {...props} />
    </ReactFlowProvider>
  );
}
