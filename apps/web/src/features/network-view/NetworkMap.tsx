// The network drawn from its coordinates (EPANET's map, y up): links as lines through their vertices,
// nodes as dots, reservoirs and tanks as squares. The coloured quantity's elements take the colour of
// their value; the others stay grey. Clicking an element selects it. Small networks are SVG, an
// element per node and link (each with its tooltip, and found by tests by its data-testid); above
// CANVAS_THRESHOLD elements the same map is drawn on a canvas (NetworkCanvas), which stays fast at
// 100 000 junctions where 200 000 SVG elements freeze the browser.
import { memo, useMemo } from 'react';
import type { NetworkDocument } from '@simforge/contracts';
import { mapGeometry } from './mapGeometry';
import { BACKGROUND, GREY, NODE_OUTLINE, PLAIN_NODE, SELECTED, type NetworkMapProps } from './mapProps';
import { NetworkCanvas } from './NetworkCanvas';

export type { MapSelection, NetworkMapProps } from './mapProps';

/** Nodes plus links above which the map is drawn on a canvas. */
export const CANVAS_THRESHOLD = 2000;

export function networkElementCount(network: NetworkDocument): number {
  return network.junctions.length + network.reservoirs.length + network.tanks.length + network.pipes.length + network.pumps.length + network.valves.length;
}

function NetworkSvg({ network, colours, coloured, selected, onSelect, height, describe }: NetworkMapProps) {
  const geometry = useMemo(() => mapGeometry(network), [network]);
  const r = geometry.size * 0.008;
  return (
    <svg viewBox={geometry.viewBox} width="100%" height={height} role="img" aria-label="Network map" preserveAspectRatio="xMidYMid meet" style={{ background: BACKGROUND, cursor: 'pointer' }} data-testid="network-map">
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
          const fill = coloured === 'node' ? (colours.get(node.id) ?? GREY) : PLAIN_NODE;
          const common = {
            'data-testid': `network-node-${node.id}`,
            fill,
            stroke: isSelected ? SELECTED : NODE_OUTLINE,
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
}

export const NetworkMap = memo(function NetworkMap(props: NetworkMapProps) {
  return networkElementCount(props.network) > CANVAS_THRESHOLD ? <NetworkCanvas {...props} /> : <NetworkSvg {...props} />;
});
