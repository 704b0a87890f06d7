// The network drawn from its coordinates (EPANET's map, y up) as SVG: links as lines through their
// vertices, nodes as dots, reservoirs and tanks as squares. The coloured quantity's elements take the
// colour of their value; the others stay grey. Clicking an element selects it.
import { memo, useMemo } from 'react';
import type { NetworkDocument } from '@simforge/contracts';

export interface MapSelection {
  elements: 'node' | 'link';
  id: string;
}

interface Geometry {
  viewBox: string;
  size: number;
  nodes: { id: string; x: number; y: number; kind: 'junction' | 'reservoir' | 'tank' }[];
  links: { id: string; points: string; kind: 'pipe' | 'pump' | 'valve' }[];
  unplaced: number;
}

/** Screen geometry: x right, y down (the map's y flipped), in map units. */
export function mapGeometry(network: NetworkDocument): Geometry {
  const nodes: Geometry['nodes'] = [];
  const where = new Map<string, { x: number; y: number }>();
  let unplaced = 0;
  const addNodes = (list: { id: string; position?: { x: number; y: number } }[], kind: Geometry['nodes'][number]['kind']) => {
    for (const n of list) {
      if (!n.position) {
        unplaced++;
        continue;
      }
      const p = { x: n.position.x, y: -n.position.y };
      where.set(n.id, p);
      nodes.push({ id: n.id, kind, ...p });
    }
  };
  addNodes(network.junctions, 'junction');
  addNodes(network.reservoirs, 'reservoir');
  addNodes(network.tanks, 'tank');
  const links: Geometry['links'] = [];
  const addLinks = (list: { id: string; from: string; to: string; vertices?: { x: number; y: number }[] }[], kind: Geometry['links'][number]['kind']) => {
    for (const l of list) {
      const a = where.get(l.from);
      const b = where.get(l.to);
      if (!a || !b) continue;
      const path = [a, ...(l.vertices ?? []).map((v) => ({ x: v.x, y: -v.y })), b];
      links.push({ id: l.id, kind, points: path.map((p) => `${p.x},${p.y}`).join(' ') });
    }
  };
  addLinks(network.pipes, 'pipe');
  addLinks(network.pumps, 'pump');
  addLinks(network.valves, 'valve');
  const xs = nodes.map((n) => n.x);
  const ys = nodes.map((n) => n.y);
  const minX = Math.min(...xs, 0);
  const maxX = Math.max(...xs, 1);
  const minY = Math.min(...ys, 0);
  const maxY = Math.max(...ys, 1);
  const size = Math.max(maxX - minX, maxY - minY) || 1;
  const pad = size * 0.05;
  const view = nodes.length ? [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad || size, Math.max(...ys) - Math.min(...ys) + 2 * pad || size] : [minX, minY, size, size];
  return { viewBox: view.join(' '), size, nodes, links, unplaced };
}

export interface NetworkMapProps {
  network: NetworkDocument;
  /** Colour of each coloured element by id (nodes or links, as `coloured` says). */
  colours: ReadonlyMap<string, string>;
  coloured: 'node' | 'link';
  selected: MapSelection | null;
  onSelect(selection: MapSelection): void;
  height: number;
  /** Tooltip of an element. */
  describe(selection: MapSelection): string;
}

const GREY = '#b0bec5';

export const NetworkMap = memo(function NetworkMap({ network, colours, coloured, selected, onSelect, height, describe }: NetworkMapProps) {
  const geometry = useMemo(() => mapGeometry(network), [network]);
  const r = geometry.size * 0.008;
  return (
    <svg viewBox={geometry.viewBox} width="100%" height={height} role="img" aria-label="Network map" preserveAspectRatio="xMidYMid meet" style={{ background: '#fafafa', cursor: 'pointer' }} data-testid="network-map">
      <g>
        {geometry.links.map((link) => {
          const isSelected = selected?.elements === 'link' && selected.id === link.id;
          return (
            <polyline
              key={link.id}
              data-testid={`network-link-${link.id}`}
              points={link.points}
              fill="none"
              stroke={coloured === 'link' ? (colours.get(link.id) ?? GREY) : GREY}
              strokeWidth={isSelected ? 7 : link.kind === 'pipe' ? 3.5 : 5}
              strokeDasharray={link.kind === 'valve' ? '6 3' : link.kind === 'pump' ? '2 2' : undefined}
              vectorEffect="non-scaling-stroke"
              onClick={() => onSelect({ elements: 'link', id: link.id })}
            >
              <title>{describe({ elements: 'link', id: link.id })}</title>
            </polyline>
          );
        })}
      </g>
      <g>
        {geometry.nodes.map((node) => {
          const isSelected = selected?.elements === 'node' && selected.id === node.id;
          const fill = coloured === 'node' ? (colours.get(node.id) ?? GREY) : '#eceff1';
          const common = {
            'data-testid': `network-node-${node.id}`,
            fill,
            stroke: isSelected ? '#ff6f00' : '#455a64',
            strokeWidth: isSelected ? 3 : 1,
            vectorEffect: 'non-scaling-stroke' as const,
            onClick: () => onSelect({ elements: 'node', id: node.id }),
          };
          return node.kind === 'junction' ? (
            <circle key={node.id} cx={node.x} cy={node.y} r={isSelected ? r * 1.6 : r} {...common}>
              <title>{describe({ elements: 'node', id: node.id })}</title>
            </circle>
          ) : (
            <rect key={node.id} x={node.x - r * 1.5} y={node.y - r * 1.5} width={r * 3} height={r * 3} {...common}>
              <title>{describe({ elements: 'node', id: node.id })}</title>
            </rect>
          );
        })}
      </g>
    </svg>
  );
});
