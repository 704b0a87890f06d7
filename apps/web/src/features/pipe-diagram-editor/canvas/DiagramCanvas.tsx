// The drawing area: the network's nodes at their map coordinates (y up, as EPANET draws them) and its
// links between them, on React Flow. The document stays the single state: nodes and edges are derived
// from it on every render; a drag is shown live and committed once when it ends (one undo step).
import { useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { Background, BackgroundVariant, ConnectionMode, Controls, MiniMap, ReactFlow, SelectionMode, type NodeChange, type EdgeChange } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { NetworkDocument } from '@simforge/contracts';
import { linksOf, nodesOf, type ElementRef, type LinkKind, type NodeKind } from '../model/editing';
import { elementKey } from '../model/validation';
import { edgeTypes, nodeTypes, type DiagramEdge, type DiagramNode } from './elements';

/** Drawing units per map unit, and back: the map's y axis points up, the screen's down. */
export interface MapScale {
  scale: number;
}
export const toFlow = ({ scale }: MapScale, p: { x: number; y: number }) => ({ x: p.x * scale, y: -p.y * scale });
export const fromFlow = ({ scale }: MapScale, p: { x: number; y: number }) => ({ x: p.x / scale, y: -p.y / scale });

/** A scale that draws the network about 1000 units across, so node symbols do not overlap. */
export function fitScale(network: NetworkDocument): MapScale {
  const points = nodesOf(network).flatMap((n) => (n.node.position ? [n.node.position] : []));
  if (points.length < 2) return { scale: 1 };
  const extent = Math.max(Math.max(...points.map((p) => p.x)) - Math.min(...points.map((p) => p.x)), Math.max(...points.map((p) => p.y)) - Math.min(...points.map((p) => p.y)));
  return { scale: extent > 0 ? 1000 / extent : 1 };
}

export const GRID = 20;

export interface DiagramCanvasProps {
  network: NetworkDocument;
  mapScale: MapScale;
  selection: readonly ElementRef[];
  issues: ReadonlyMap<string, string[]>;
  /** The first node picked in connect mode. */
  pending: string | null;
  height: number;
  /** Second generation: grid snapping and box selection (Shift-drag). */
  v2: boolean;
  readOnly?: boolean;
  /** Called with an update (React Flow reports node and edge selection in separate calls). */
  onSelectionChange: Dispatch<SetStateAction<ElementRef[]>>;
  onMove(moves: Map<string, { x: number; y: number }>): void;
  onConnect(from: string, to: string): void;
  onNodeClick(id: string): void;
  onDelete(refs: ElementRef[]): void;
}

const NODE = 'n:';
const LINK = 'l:';

// Long function: a React component whose hooks and handlers share its state; most of its length is markup.
export function DiagramCanvas(props: DiagramCanvasProps) {
  const { network, mapScale, selection, issues, pending, height, v2, readOnly } = props;
  const [drag, setDrag] = useState<Map<string, { x: number; y: number }>>(new Map());
  // Node sizes React Flow measured: a controlled flow hands them back, or every new node object would
  // count as unmeasured (hidden, and links drawn from its corner).
  const [measured, setMeasured] = useState<Map<string, { width: number; height: number }>>(new Map());
  const selected = useMemo(() => new Set(selection.map(elementKey)), [selection]);

  const nodes = useMemo<DiagramNode[]>(
    () =>
      nodesOf(network).map(({ kind, node }) => ({
        id: `${NODE}${node.id}`,
        type: 'network',
        position: drag.get(node.id) ?? toFlow(mapScale, node.position ?? { x: 0, y: 0 }),
        origin: [0.5, 0.5],
        measured: measured.get(`${NODE}${node.id}`),
        selected: selected.has(elementKey({ kind, id: node.id })),
        data: { kind, label: node.id, issues: issues.get(elementKey({ kind, id: node.id })) ?? [], pending: pending === node.id },
      })),
    [network, mapScale, selected, issues, pending, drag, measured],
  );
  const edges = useMemo<DiagramEdge[]>(
    () =>
      linksOf(network).map(({ kind, link }) => ({
        id: `${LINK}${link.id}`,
        type: 'network',
        source: `${NODE}${link.from}`,
        target: `${NODE}${link.to}`,
        selected: selected.has(elementKey({ kind, id: link.id })),
        data: { kind, label: link.id, issues: issues.get(elementKey({ kind, id: link.id })) ?? [], closed: link.status === 'closed' },
      })),
    [network, selected, issues],
  );
  const kindOfNode = useMemo(() => new Map(nodesOf(network).map((n) => [n.node.id, n.kind] as [string, NodeKind])), [network]);
  const kindOfLink = useMemo(() => new Map(linksOf(network).map((l) => [l.link.id, l.kind] as [string, LinkKind])), [network]);
  const refOf = (flowId: string): ElementRef | undefined => {
    if (flowId.startsWith(NODE)) {
      const kind = kindOfNode.get(flowId.slice(NODE.length));
      return kind ? { kind, id: flowId.slice(NODE.length) } : undefined;
    }
    const kind = kindOfLink.get(flowId.slice(LINK.length));
    return kind ? { kind, id: flowId.slice(LINK.length) } : undefined;
  };

  function selectionAfter(changes: (NodeChange | EdgeChange)[]) {
    const updates: [string, boolean][] = [];
    for (const change of changes) {
      if (change.type !== 'select') continue;
      const ref = refOf(change.id);
      if (ref) updates.push([elementKey(ref), change.selected]);
    }
    if (updates.length === 0) return;
    props.onSelectionChange((current) => {
      const next = new Set(current.map(elementKey));
      for (const [key, on] of updates) {
        if (on) next.add(key);
        else next.delete(key);
      }
      return [...next].map((key) => {
        const at = key.indexOf(':');
        return { kind: key.slice(0, at) as ElementRef['kind'], id: key.slice(at + 1) };
      });
    });
  }

  // React Flow measures its nodes with ResizeObserver; an environment without it (a DOM test of a whole
  // screen) gets a note instead of a crash.
  if (typeof ResizeObserver === 'undefined') {
    return (
      <div style={{ height, width: '100%', display: 'grid', placeItems: 'center' }} data-testid="pipe-diagram-canvas">
        This browser cannot draw the diagram (no ResizeObserver).
      </div>
    );
  }
  return (
    <div style={{ height, width: '100%' }} data-testid="pipe-diagram-canvas">
      <ReactFlow<DiagramNode, DiagramEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        connectionMode={ConnectionMode.Loose}
        fitView
        minZoom={0.02}
        maxZoom={8}
        onlyRenderVisibleElements={nodes.length > 2000}
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        elementsSelectable
        snapToGrid={v2}
        snapGrid={[GRID, GRID]}
        selectionOnDrag={false}
        selectionKeyCode={v2 ? 'Shift' : null}
        multiSelectionKeyCode={v2 ? ['Meta', 'Control'] : null}
        selectionMode={SelectionMode.Partial}
        deleteKeyCode={readOnly ? null : ['Delete', 'Backspace']}
        onNodesChange={(changes) => {
          const moving = changes.filter((c) => c.type === 'position' && c.position && c.dragging);
          if (moving.length > 0) {
            setDrag((current) => {
              const next = new Map(current);
              for (const c of moving) if (c.type === 'position' && c.position) next.set(c.id.slice(NODE.length), c.position);
              return next;
            });
          }
          const sized = changes.filter((c) => c.type === 'dimensions' && c.dimensions);
          if (sized.length > 0) {
            setMeasured((current) => {
              const next = new Map(current);
              for (const c of sized) if (c.type === 'dimensions' && c.dimensions) next.set(c.id, c.dimensions);
              return next;
            });
          }
          selectionAfter(changes);
        }}
        onEdgesChange={(changes) => selectionAfter(changes)}
        onNodeDragStop={(_event, _node, dragged) => {
          const moves = new Map(dragged.map((n) => [n.id.slice(NODE.length), fromFlow(mapScale, n.position)]));
          setDrag(new Map());
          if (!readOnly) props.onMove(moves);
        }}
        onConnect={(connection) => {
          if (connection.source && connection.target && !readOnly) props.onConnect(connection.source.slice(NODE.length), connection.target.slice(NODE.length));
        }}
        onNodeClick={(_event, node) => props.onNodeClick(node.id.slice(NODE.length))}
        onDelete={({ nodes: goneNodes, edges: goneEdges }) => {
          const refs = [...goneNodes.map((n) => n.id), ...goneEdges.map((e) => e.id)].map(refOf).filter((r): r is ElementRef => r !== undefined);
          if (refs.length > 0 && !readOnly) props.onDelete(refs);
        }}
        proOptions={{ hideAttribution: true }}
      >
        <Background variant={v2 ? BackgroundVariant.Lines : BackgroundVariant.Dots} gap={GRID} />
        <Controls showInteractive={false} />
        {v2 ? <MiniMap pannable zoomable /> : null}
      </ReactFlow>
    </div>
  );
}
