// The welding cross-section as the solver would mesh it (from the estimate's preview), drawn in mm:
// plates hatched grey, the bead highlighted, dimension lines and the torch axis of each weld line.
import { useId, useMemo } from 'react';
import type { CrossSectionPreview } from '@simforge/contracts';
import { CANVAS, describeSection, dimensionsOf, FONT, layoutDrawing, mapping, previewToMm, viewWindow, type GeometrySI, type Label, type SectionView } from './sectionDrawing';

export const drawingColours = {
  plate: '#d5dbe2',
  plateStroke: '#4b5a69',
  hatch: '#8a97a5',
  bead: '#f29f05',
  beadStroke: '#a35f00',
  dimension: '#37474f',
  torch: '#1d4f91',
} as const;

function Text({ label, colour, bold }: { label: Label; colour: string; bold?: boolean }) {
  return (
    <text x={label.x} y={label.y} textAnchor={label.anchor} fill={colour} stroke="none" fontSize={FONT} fontWeight={bold ? 600 : undefined}>
      {label.text}
    </text>
  );
}

export interface CrossSectionDrawingProps {
  type: string;
  preview: CrossSectionPreview;
  /** The joint geometry the preview was made from (SI), for the dimension labels. */
  geometry?: GeometrySI;
  /** A custom (designer) section: its overall size is dimensioned instead. */
  custom: boolean;
  view: SectionView;
  /** `current`: the parameters as typed; `updating`: an estimate is on its way; `invalid`: the last valid section. */
  status: 'current' | 'updating' | 'invalid';
}

export function CrossSectionDrawing({ type, preview, geometry, custom, view, status }: CrossSectionDrawingProps) {
  const id = useId().replace(/:/g, '');
  const section = useMemo(() => previewToMm(preview), [preview]);
  const frame = viewWindow(section, view);
  const map = mapping(frame);
  const dimensions = dimensionsOf(type, section, geometry, custom, frame);
  const layout = layoutDrawing(section, dimensions, map);
  const hatch = `${id}-hatch`;
  const clip = `${id}-clip`;
  const arrow = `${id}-arrow`;
  const torchArrow = `${id}-torch`;
  const left = map.x(frame.minY);
  const top = map.y(frame.maxZ);
  const points = (ring: readonly [number, number][]) => ring.map(([y, z]) => `${map.x(y)},${map.y(z)}`).join(' ');
  return (
    <svg
      role="img"
      aria-label={describeSection(section, dimensions)}
      viewBox={`0 0 ${CANVAS.width} ${CANVAS.height}`}
      width="100%"
      data-status={status}
      data-testid="cross-section-preview"
      style={{ display: 'block', maxHeight: 320, filter: status === 'invalid' ? 'grayscale(1)' : undefined, opacity: status === 'invalid' ? 0.45 : status === 'updating' ? 0.75 : 1 }}
    >
      <defs>
        <pattern id={hatch} patternUnits="userSpaceOnUse" width={7} height={7} patternTransform="rotate(45)">
          <line x1={0} y1={0} x2={0} y2={7} stroke={drawingColours.hatch} strokeWidth={1} />
        </pattern>
        <clipPath id={clip}>
          <rect x={left} y={top} width={map.x(frame.maxY) - left} height={map.y(frame.minZ) - top} />
        </clipPath>
        <marker id={arrow} viewBox="0 0 10 10" refX={10} refY={5} markerWidth={7} markerHeight={7} orient="auto">
          <path d="M 0 1 L 10 5 L 0 9 z" fill={drawingColours.dimension} />
        </marker>
        <marker id={torchArrow} viewBox="0 0 10 10" refX={10} refY={5} markerWidth={6} markerHeight={6} orient="auto">
          <path d="M 0 0 L 10 5 L 0 10 z" fill={drawingColours.torch} />
        </marker>
      </defs>
      <g clipPath={`url(#${clip})`}>
        {section.parts.map((part, i) =>
          part.filler ? (
            <polygon key={i} data-part="bead" points={points(part.points)} fill={drawingColours.bead} fillOpacity={0.85} stroke={drawingColours.beadStroke} strokeWidth={1.25} strokeLinejoin="round" />
          ) : (
            <g key={i} data-part="plate">
              <polygon points={points(part.points)} fill={drawingColours.plate} stroke="none" />
              <polygon points={points(part.points)} fill={`url(#${hatch})`} stroke={drawingColours.plateStroke} strokeWidth={1.25} strokeLinejoin="round" />
            </g>
          ),
        )}
      </g>
      {layout.dimensions.map((d) => (
        <g key={d.name} data-dimension={d.name} stroke={drawingColours.dimension} strokeWidth={1} fill="none">
          {d.lines.map((line, i) => (
            <line key={`l${i}`} x1={line.from[0]} y1={line.from[1]} x2={line.to[0]} y2={line.to[1]} strokeDasharray={line.dashed ? '3 3' : undefined} />
          ))}
          {d.arrows.map((line, i) => (
            <line key={`a${i}`} x1={line.from[0]} y1={line.from[1]} x2={line.to[0]} y2={line.to[1]} markerEnd={`url(#${arrow})`} />
          ))}
          {d.arcs.map((path, i) => (
            <path key={`c${i}`} d={path} />
          ))}
          <Text label={d.label} colour={drawingColours.dimension} />
        </g>
      ))}
      {layout.torches.map((torch, i) => (
        <g key={i} data-testid={`torch-${i}`} data-direction={`${torch.direction[0].toFixed(3)},${torch.direction[1].toFixed(3)}`}>
          <line
            x1={torch.tail[0]}
            y1={torch.tail[1]}
            x2={torch.tip[0] - (torch.tip[0] - torch.tail[0]) * 0.05}
            y2={torch.tip[1] - (torch.tip[1] - torch.tail[1]) * 0.05}
            stroke={drawingColours.torch}
            strokeWidth={2.5}
            strokeDasharray={i === 0 ? undefined : '5 4'}
            markerEnd={`url(#${torchArrow})`}
          />
          {torch.label ? <Text label={torch.label} colour={drawingColours.torch} bold /> : null}
        </g>
      ))}
    </svg>
  );
}
