// The SVG drawing of the designer: a millimetre grid (y to the right, z up), the parts as polygons,
// their vertices (drag to move, snapped; focus + arrows to nudge; Delete to remove), click on the
// background to add a vertex to the active part, double-click an edge to insert a vertex there.
import { useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { Box } from '@mui/material';
import { bounds, edgeLength, nearestEdge, snapPoint, type PartMm, type PointMm } from './geometry';
import { formatMm } from './format';

export const partColours = {
  base: { fill: 'rgba(84, 110, 140, 0.35)', stroke: '#3c5a7a', label: 'Base metal' },
  filler: { fill: 'rgba(242, 159, 5, 0.45)', stroke: '#b86e00', label: 'Filler (weld bead)' },
} as const;

export interface Selection {
  part: number;
  index: number;
}

export interface View {
  /** Centre in mm. */
  cy: number;
  cz: number;
  /** Width of the visible area in mm. */
  span: number;
}

export function fitView(parts: readonly PartMm[]): View {
  const b = bounds(parts.flatMap((p) => p.points));
  if (!b) return { cy: 0, cz: 0, span: 40 };
  const span = Math.max(10, Math.max(b.width, b.height) * 1.3);
  return { cy: (b.minY + b.maxY) / 2, cz: (b.minZ + b.maxZ) / 2, span };
}

function niceStep(span: number): number {
  const raw = span / 30;
  const candidates = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100];
  return candidates.find((c) => c >= raw) ?? 100;
}

interface Props {
  parts: PartMm[];
  activePart: number;
  selected: Selection | null;
  snapMm: number;
  view: View;
  height?: number;
  onSelect(selection: Selection | null): void;
  onAddPoint(point: PointMm): void;
  onMovePoint(selection: Selection, point: PointMm): void;
  onInsertPoint(part: number, afterIndex: number, point: PointMm): void;
  onRemovePoint(selection: Selection): void;
  onActivatePart(part: number): void;
  onZoom(factor: number, at?: PointMm): void;
}

// Long function: a React component whose hooks and handlers share its state; most of its length is markup.
export function CrossSectionCanvas({ parts, activePart, selected, snapMm, view, height = 460, onSelect, onAddPoint, onMovePoint, onInsertPoint, onRemovePoint, onActivatePart, onZoom }: Props) {
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<{ selection: Selection; moved: boolean } | null>(null);
  const suppressClick = useRef(false);
  const [hoverEdge, setHoverEdge] = useState<{ part: number; index: number } | null>(null);
  const [cursor, setCursor] = useState<PointMm | null>(null);

  const aspect = 16 / 10;
  const w = view.span;
  const h = view.span / aspect;
  const minY = view.cy - w / 2;
  const maxZ = view.cz + h / 2;
  const unit = w / 100; // one hundredth of the view: sizes of markers and labels
  const step = niceStep(w);

  const gridLines = useMemo(() => {
    const lines: { key: string; x1: number; y1: number; x2: number; y2: number; major: boolean }[] = [];
    const lead = Math.round(step / 10 ** Math.floor(Math.log10(step) + 1e-9));
    const majorEvery = lead === 5 ? 2 : 5;
    const y0 = Math.floor(minY / step);
    for (let i = y0; i * step <= minY + w; i++) {
      const y = i * step;
      lines.push({ key: `v${i}`, x1: y, y1: -maxZ, x2: y, y2: -maxZ + h, major: i % majorEvery === 0 });
    }
    const z0 = Math.floor((maxZ - h) / step);
    for (let i = z0; i * step <= maxZ; i++) {
      const z = i * step;
      lines.push({ key: `h${i}`, x1: minY, y1: -z, x2: minY + w, y2: -z, major: i % majorEvery === 0 });
    }
    return lines;
  }, [minY, maxZ, w, h, step]);

  function toMm(event: { clientX: number; clientY: number }): PointMm | null {
    const svg = svgRef.current;
    const ctm = svg?.getScreenCTM?.();
    if (!svg || !ctm) return null;
    const pt = svg.createSVGPoint();
    pt.x = event.clientX;
    pt.y = event.clientY;
    const p = pt.matrixTransform(ctm.inverse());
    return [p.x, -p.y];
  }

  function onVertexPointerDown(event: PointerEvent, selection: Selection) {
    event.stopPropagation();
    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
    drag.current = { selection, moved: false };
    onActivatePart(selection.part);
    onSelect(selection);
  }

  function onPointerMove(event: PointerEvent) {
    const p = toMm(event);
    if (!p) return;
    setCursor(snapPoint(p, snapMm));
    if (drag.current) {
      drag.current.moved = true;
      onMovePoint(drag.current.selection, snapPoint(p, snapMm));
    }
  }

  function onPointerUp() {
    if (drag.current?.moved) {
      // the click that ends a drag must not add a point; later clicks must
      suppressClick.current = true;
      setTimeout(() => {
        suppressClick.current = false;
      }, 0);
    }
    drag.current = null;
  }

  function onBackgroundClick(event: MouseEvent) {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    const p = toMm(event);
    if (p) onAddPoint(snapPoint(p, snapMm));
  }

  function onEdgeDoubleClick(event: MouseEvent, part: number) {
    event.stopPropagation();
    const p = toMm(event);
    if (!p) return;
    const edge = nearestEdge(parts[part]!.points, p);
    if (edge) onInsertPoint(part, edge.index, snapPoint(edge.foot, snapMm));
  }

  function onVertexKeyDown(event: KeyboardEvent, selection: Selection, point: PointMm) {
    const moves: Record<string, PointMm> = { ArrowLeft: [-snapMm, 0], ArrowRight: [snapMm, 0], ArrowUp: [0, snapMm], ArrowDown: [0, -snapMm] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      onMovePoint(selection, snapPoint([point[0] + move[0], point[1] + move[1]], snapMm));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onRemovePoint(selection);
    }
  }

  const hovered = hoverEdge ? parts[hoverEdge.part]?.points : undefined;
  const hoverA = hovered && hoverEdge ? hovered[hoverEdge.index] : undefined;
  const hoverB = hovered && hoverEdge ? hovered[(hoverEdge.index + 1) % hovered.length] : undefined;

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: '#fff', position: 'relative' }}>
      <svg
        ref={svgRef}
        role="group"
        aria-label="Cross-section drawing (click to add a point to the active part, drag points to move them, double-click an edge to insert a point)"
        viewBox={`${minY} ${-maxZ} ${w} ${h}`}
        preserveAspectRatio="xMidYMid meet"
        style={{ width: '100%', height, display: 'block', touchAction: 'none', cursor: 'crosshair', userSelect: 'none' }}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerLeave={() => setCursor(null)}
        onClick={onBackgroundClick}
        onWheel={(event) => {
          const at = toMm(event);
          onZoom(event.deltaY > 0 ? 1.15 : 1 / 1.15, at ?? undefined);
        }}
      >
        <g aria-hidden>
          {gridLines.map((l) => (
            <line key={l.key} x1={l.x1} y1={l.y1} x2={l.x2} y2={l.y2} stroke={l.major ? '#c9d2dc' : '#eef1f4'} strokeWidth={l.major ? 1 : 0.75} vectorEffect="non-scaling-stroke" />
          ))}
          <line x1={minY} y1={0} x2={minY + w} y2={0} stroke="#8a99a8" strokeWidth={1} vectorEffect="non-scaling-stroke" />
          <line x1={0} y1={-maxZ} x2={0} y2={-maxZ + h} stroke="#8a99a8" strokeWidth={1} vectorEffect="non-scaling-stroke" />
          {gridLines
            .filter((l) => l.major && l.key.startsWith('v'))
            .map((l) => (
              <text key={`t${l.key}`} x={l.x1 + unit * 0.5} y={-maxZ + h - unit * 0.8} fontSize={unit * 2.2} fill="#6b7a89">
                {formatMm(l.x1)}
              </text>
            ))}
          {gridLines
            .filter((l) => l.major && l.key.startsWith('h'))
            .map((l) => (
              <text key={`t${l.key}`} x={minY + unit * 0.5} y={l.y1 - unit * 0.5} fontSize={unit * 2.2} fill="#6b7a89">
                {formatMm(-l.y1)}
              </text>
            ))}
        </g>
        {parts.map((part, pi) => {
          const colour = part.filler ? partColours.filler : partColours.base;
          const pts = part.points.map(([y, z]) => `${y},${-z}`).join(' ');
          const active = pi === activePart;
          return (
            <g key={pi} data-testid={`part-${pi + 1}`}>
              {part.points.length >= 3 ? (
                <polygon points={pts} fill={colour.fill} stroke={colour.stroke} strokeWidth={active ? 2.5 : 1.5} vectorEffect="non-scaling-stroke" pointerEvents="none" />
              ) : (
                <polyline points={pts} fill="none" stroke={colour.stroke} strokeWidth={2} strokeDasharray="4 3" vectorEffect="non-scaling-stroke" />
              )}
              {part.points.length >= 2
                ? part.points.map((a, i) => {
                    if (part.points.length === 2 && i === 1) return null;
                    const b = part.points[(i + 1) % part.points.length]!;
                    return (
                      <line
                        key={`e${i}`}
                        x1={a[0]}
                        y1={-a[1]}
                        x2={b[0]}
                        y2={-b[1]}
                        stroke="transparent"
                        strokeWidth={12}
                        vectorEffect="non-scaling-stroke"
                        style={{ cursor: 'copy' }}
                        onPointerEnter={() => setHoverEdge({ part: pi, index: i })}
                        onPointerLeave={() => setHoverEdge(null)}
                        onClick={(e) => e.stopPropagation()}
                        onDoubleClick={(e) => onEdgeDoubleClick(e, pi)}
                      >
                        <title>{`Edge ${i + 1}–${((i + 1) % part.points.length) + 1}: ${formatMm(edgeLength(a, b))} mm (double-click to insert a point)`}</title>
                      </line>
                    );
                  })
                : null}
              {part.points.map(([y, z], i) => {
                const isSelected = selected?.part === pi && selected.index === i;
                return (
                  <circle
                    key={`v${i}`}
                    cx={y}
                    cy={-z}
                    r={unit * (isSelected ? 1.3 : 0.9)}
                    fill={isSelected ? '#d32f2f' : active ? colour.stroke : '#fff'}
                    stroke={colour.stroke}
                    strokeWidth={1.5}
                    vectorEffect="non-scaling-stroke"
                    tabIndex={0}
                    role="button"
                    aria-label={`Part ${pi + 1} point ${i + 1} at ${formatMm(y)}, ${formatMm(z)} mm${isSelected ? ' (selected)' : ''}`}
                    style={{ cursor: 'move', outline: 'none' }}
                    onPointerDown={(e) => onVertexPointerDown(e, { part: pi, index: i })}
                    onClick={(e) => e.stopPropagation()}
                    onFocus={() => {
                      onActivatePart(pi);
                      onSelect({ part: pi, index: i });
                    }}
                    onKeyDown={(e) => onVertexKeyDown(e, { part: pi, index: i }, [y, z])}
                  />
                );
              })}
            </g>
          );
        })}
        {hoverA && hoverB ? (
          <g pointerEvents="none">
            <line x1={hoverA[0]} y1={-hoverA[1]} x2={hoverB[0]} y2={-hoverB[1]} stroke="#d32f2f" strokeWidth={2.5} vectorEffect="non-scaling-stroke" />
            <text
              x={(hoverA[0] + hoverB[0]) / 2}
              y={-(hoverA[1] + hoverB[1]) / 2 - unit}
              fontSize={unit * 2.6}
              fill="#b71c1c"
              textAnchor="middle"
              stroke="#fff"
              strokeWidth={unit * 0.6}
              paintOrder="stroke"
              data-testid="edge-length"
            >
              {formatMm(edgeLength(hoverA, hoverB))} mm
            </text>
          </g>
        ) : null}
      </svg>
      {cursor ? (
        <Box aria-live="off" sx={{ position: 'absolute', right: 8, bottom: 6, fontSize: 12, color: 'text.secondary', bgcolor: 'rgba(255,255,255,0.85)', px: 0.5, borderRadius: 0.5, pointerEvents: 'none' }}>
          y {formatMm(cursor[0])} mm, z {formatMm(cursor[1])} mm
        </Box>
      ) : null}
    </Box>
  );
}
