// The diagram's node and link shapes (React Flow custom nodes and edges): junctions are dots,
// reservoirs a basin, tanks a drum; pipes are straight lines between the node centres, pumps and
// valves carry their symbol at the middle. An element with a problem is drawn in the error colour
// with its message beside it.
import { memo } from 'react';
import { BaseEdge, EdgeLabelRenderer, Handle, Position, useInternalNode, type EdgeProps, type Node, type NodeProps, type Edge } from '@xyflow/react';
import type { LinkKind, NodeKind } from '../model/editing';

export interface DiagramNodeData extends Record<string, unknown> {
  kind: NodeKind;
  label: string;
  issues: string[];
  /** The first node picked in connect mode. */
  pending: boolean;
}
export interface DiagramLinkData extends Record<string, unknown> {
  kind: LinkKind;
  label: string;
  issues: string[];
  closed: boolean;
}
export type DiagramNode = Node<DiagramNodeData>;
export type DiagramEdge = Edge<DiagramLinkData>;

const ERROR = '#c62828';
const INK = '#37474f';
const WATER = '#1565c0';

const shapes: Record<NodeKind, { width: number; height: number; radius: string; fill: string }> = {
  junction: { width: 14, height: 14, radius: '50%', fill: WATER },
  reservoir: { width: 26, height: 18, radius: '0 0 8px 8px', fill: '#4fc3f7' },
  tank: { width: 24, height: 24, radius: '4px', fill: '#90caf9' },
};

const handleStyle = { width: 8, height: 8, minWidth: 0, minHeight: 0, background: '#fff', border: `1px solid ${INK}`, right: -6 } as const;

function IssueText({ issues }: { issues: string[] }) {
  if (issues.length === 0) return null;
  return (
    <div role="alert" style={{ position: 'absolute', left: '100%', top: -2, marginLeft: 10, whiteSpace: 'nowrap', color: ERROR, fontSize: 11, background: 'rgba(255,255,255,0.85)', padding: '0 3px', pointerEvents: 'none' }}>
      {issues.join('; ')}
    </div>
  );
}

export const NetworkNodeView = memo(function NetworkNodeView({ data, selected }: NodeProps<DiagramNode>) {
  const shape = shapes[data.kind];
  const problem = data.issues.length > 0;
  return (
    <div
      data-testid={`diagram-node-${data.label}`}
      data-kind={data.kind}
      aria-label={`${data.kind} ${data.label}`}
      title={problem ? `${data.label}: ${data.issues.join('; ')}` : `${data.kind} ${data.label}`}
      style={{
        position: 'relative',
        width: shape.width,
        height: shape.height,
        borderRadius: shape.radius,
        background: shape.fill,
        border: `2px solid ${problem ? ERROR : selected ? '#ff9800' : data.pending ? '#2e7d32' : INK}`,
        boxShadow: selected ? '0 0 0 3px rgba(255,152,0,0.35)' : undefined,
      }}
    >
      <Handle type="source" position={Position.Right} style={handleStyle} />
      <div style={{ position: 'absolute', top: '100%', left: '50%', transform: 'translateX(-50%)', fontSize: 11, color: problem ? ERROR : INK, whiteSpace: 'nowrap', pointerEvents: 'none' }}>{data.label}</div>
      <IssueText issues={data.issues} />
    </div>
  );
});

function centre(node: ReturnType<typeof useInternalNode>): { x: number; y: number } {
  if (!node) return { x: 0, y: 0 };
  const { x, y } = node.internals.positionAbsolute;
  return { x: x + (node.measured.width ?? 0) / 2, y: y + (node.measured.height ?? 0) / 2 };
}

function PumpSymbol({ colour }: { colour: string }) {
  return (
    <svg width="22" height="22" viewBox="-11 -11 22 22" aria-hidden>
      <circle r="9" fill="#fff" stroke={colour} strokeWidth="2" />
      <path d="M -4 -5 L 6 0 L -4 5 Z" fill={colour} />
    </svg>
  );
}

function ValveSymbol({ colour }: { colour: string }) {
  return (
    <svg width="24" height="16" viewBox="-12 -8 24 16" aria-hidden>
      <path d="M -10 -6 L 10 6 L 10 -6 L -10 6 Z" fill="#fff" stroke={colour} strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

export const NetworkLinkView = memo(function NetworkLinkView({ id, source, target, data, selected }: EdgeProps<DiagramEdge>) {
  const a = centre(useInternalNode(source));
  const b = centre(useInternalNode(target));
  const problem = (data?.issues.length ?? 0) > 0;
  const colour = problem ? ERROR : selected ? '#ff9800' : INK;
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  return (
    <>
      <BaseEdge id={id} path={`M ${a.x} ${a.y} L ${b.x} ${b.y}`} interactionWidth={14} style={{ stroke: colour, strokeWidth: selected ? 4 : 3, strokeDasharray: data?.closed ? '6 4' : undefined }} />
      <EdgeLabelRenderer>
        <div
          data-testid={`diagram-link-${data?.label ?? id}`}
          data-kind={data?.kind}
          title={problem ? `${data?.label}: ${data?.issues.join('; ')}` : `${data?.kind} ${data?.label}`}
          style={{ position: 'absolute', transform: `translate(-50%, -50%) translate(${mid.x}px, ${mid.y}px)`, fontSize: 10, color: colour, pointerEvents: 'none', display: 'flex', alignItems: 'center', gap: 2 }}
        >
          {data?.kind === 'pump' ? <PumpSymbol colour={colour} /> : data?.kind === 'valve' ? <ValveSymbol colour={colour} /> : null}
          <span style={{ background: 'rgba(255,255,255,0.8)', padding: '0 2px' }}>{data?.label}</span>
          {problem ? <span role="alert" style={{ color: ERROR, background: 'rgba(255,255,255,0.85)' }}>{data?.issues.join('; ')}</span> : null}
        </div>
      </EdgeLabelRenderer>
    </>
  );
});

export const nodeTypes = { network: NetworkNodeView };
export const edgeTypes = { network: NetworkLinkView };
