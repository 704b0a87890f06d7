// The canvas map's picture, as a pure function of a 2-D context: the map drawn through a view
// transform (the fitted view box, or a zoomed and panned one), links grouped by kind and colour so
// that each group is one path and one stroke() (110 000 links take as many strokes as they have
// colours, at most the viridis scale's 634), then the nodes grouped by colour likewise, then the
// selected element outlined in orange. Zoomed in, elements wholly outside the canvas are skipped
// (a bounding-box test each), so a close view of a large network draws only what is on screen.
// Marker sizes follow the nodes' spacing on screen: under a pixel where 100 000 junctions share the
// fitted map, a few pixels zoomed in, capped. The context is the few members used, so tests draw on
// a recording fake (jsdom has none).
import { emptyExtent, extendExtent, type PackedGeometry } from './mapGeometry';
import { GREY, NODE_OUTLINE, PLAIN_NODE, SELECTED } from './mapProps';
import { fitView, visibleRect, type MapRect, type MapView } from './viewTransform';

/** The members of CanvasRenderingContext2D the map uses. */
export interface MapContext {
  strokeStyle: string | CanvasGradient | CanvasPattern;
  fillStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  clearRect(x: number, y: number, width: number, height: number): void;
  fillRect(x: number, y: number, width: number, height: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number): void;
  rect(x: number, y: number, width: number, height: number): void;
  setLineDash(segments: number[]): void;
  stroke(): void;
  fill(): void;
}

/** Marker sizes in CSS pixels. */
export interface MarkerSizes {
  /** Junction radius (half-side when drawn as a square). */
  junction: number;
  /** Half-side of a reservoir's or tank's square. */
  square: number;
  /** Line widths by link kind (pipe, pump, valve). */
  link: readonly [number, number, number];
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Sizes from the nodes' typical spacing on screen (as if spread evenly over the view box). Pipes are
 * at least one device pixel wide: thinner is faint, and a wider minimum made Chromium about three
 * times slower to draw 110 000 of them. The caps grow with the zoom over the fitted view as its
 * fourth root, to twice the fitted caps from 16× on: zoomed-in elements are easier to read and to
 * hit, and never blobs.
 */
export function markerSizes(g: PackedGeometry, view: MapView, pixelRatio = 1, zoom = 1): MarkerSizes {
  const spacing = Math.sqrt((g.bounds.width * g.bounds.height) / Math.max(1, g.nodeX.length)) * view.scale;
  const grow = Math.min(2, Math.max(1, zoom) ** 0.25);
  const junction = clamp(spacing * 0.25, 0.5, 5 * grow);
  const pipe = clamp(spacing * 0.25, Math.min(1, 1 / pixelRatio), 3.5 * grow);
  const other = clamp(spacing * 0.4, 1, 5 * grow);
  return { junction, square: Math.max(3, junction * 1.5), link: [pipe, other, other] };
}

/** Dashes by link kind, as the SVG's: pipes solid, pumps 2 2, valves 6 3. */
const DASHES: readonly number[][] = [[], [2, 2], [6, 3]];
/** Below this radius a junction is a square (a circle that small looks the same and costs more). */
const ROUND_FROM_PX = 1.5;
/** Junctions get an outline from this radius up. */
const OUTLINE_FROM_PX = 2;
/** How far outside the canvas (CSS px) an element's centre or box may be and still be drawn: more than any marker's reach. */
const CULL_MARGIN_PX = 24;

export interface DrawOptions {
  /** Canvas size in CSS pixels, and device pixels per CSS pixel. */
  width: number;
  height: number;
  pixelRatio: number;
  colours: ReadonlyMap<string, string>;
  coloured: 'node' | 'link';
  /** Index of the selected node or link in the geometry, or -1. */
  selectedNode: number;
  selectedLink: number;
  /** The transform to draw through; the fitted view when absent. */
  view?: MapView;
  /** The zoom over the fitted view (markers grow with it, and elements off the canvas are skipped above 1). */
  zoom?: number;
}

/** Whether link k's bounding box meets the rectangle. */
function linkMeets(g: PackedGeometry, k: number, r: MapRect): boolean {
  const e = emptyExtent();
  const end = g.linkStart[k + 1]!;
  for (let p = g.linkStart[k]!; p < end; p++) extendExtent(e, g.linkXY[2 * p]!, g.linkXY[2 * p + 1]!);
  return e.maxX >= r.minX && e.minX <= r.maxX && e.maxY >= r.minY && e.minY <= r.maxY;
}

const nodeIn = (g: PackedGeometry, i: number, r: MapRect) => g.nodeX[i]! >= r.minX && g.nodeX[i]! <= r.maxX && g.nodeY[i]! >= r.minY && g.nodeY[i]! <= r.maxY;

/** Elements by group and colour, those that `keep` refuses left out. */
function groupBy(count: number, groupOf: (i: number) => number, colourOf: (i: number) => string, groups: number, keep: ((i: number) => boolean) | null): Map<string, number[]>[] {
  const out = Array.from({ length: groups }, () => new Map<string, number[]>());
  for (let i = 0; i < count; i++) {
    if (keep && !keep(i)) continue;
    const colour = colourOf(i);
    const group = out[groupOf(i)]!;
    const list = group.get(colour);
    if (list) list.push(i);
    else group.set(colour, [i]);
  }
  return out;
}

function tracePolyline(ctx: MapContext, g: PackedGeometry, view: MapView, k: number) {
  const end = g.linkStart[k + 1]!;
  for (let p = g.linkStart[k]!; p < end; p++) {
    const x = g.linkXY[2 * p]! * view.scale + view.dx;
    const y = g.linkXY[2 * p + 1]! * view.scale + view.dy;
    if (p === g.linkStart[k]) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
}

function drawLinks(ctx: MapContext, g: PackedGeometry, view: MapView, sizes: MarkerSizes, o: DrawOptions, visible: MapRect | null) {
  const colourOf = o.coloured === 'link' ? (k: number) => o.colours.get(g.linkIds[k]!) ?? GREY : () => GREY;
  const groups = groupBy(g.linkIds.length, (k) => g.linkKind[k]!, colourOf, 3, visible && ((k) => linkMeets(g, k, visible)));
  groups.forEach((byColour, kind) => {
    ctx.setLineDash(DASHES[kind]!);
    ctx.lineWidth = sizes.link[kind]!;
    for (const [colour, links] of byColour) {
      ctx.strokeStyle = colour;
      ctx.beginPath();
      for (const k of links) tracePolyline(ctx, g, view, k);
      ctx.stroke();
    }
  });
  const k = o.selectedLink;
  if (k < 0 || k >= g.linkIds.length) return;
  // The selected link: an orange band under its own colour, thicker than any link.
  const width = Math.max(3.5, sizes.link[g.linkKind[k]!]!);
  ctx.setLineDash([]);
  for (const [style, lineWidth] of [[SELECTED, width + 4], [colourOf(k), width]] as const) {
    ctx.strokeStyle = style;
    ctx.lineWidth = lineWidth;
    ctx.beginPath();
    tracePolyline(ctx, g, view, k);
    ctx.stroke();
  }
}

function traceNode(ctx: MapContext, x: number, y: number, half: number, round: boolean) {
  if (round) {
    ctx.moveTo(x + half, y);
    ctx.arc(x, y, half, 0, 2 * Math.PI);
  } else ctx.rect(x - half, y - half, 2 * half, 2 * half);
}

function drawNodes(ctx: MapContext, g: PackedGeometry, view: MapView, sizes: MarkerSizes, o: DrawOptions, visible: MapRect | null) {
  const fillOf = o.coloured === 'node' ? (i: number) => o.colours.get(g.nodeIds[i]!) ?? GREY : () => PLAIN_NODE;
  // Group 0 the junctions, 1 the reservoirs and tanks (squares).
  const groups = groupBy(g.nodeIds.length, (i) => (g.nodeKind[i] === 0 ? 0 : 1), fillOf, 2, visible && ((i) => nodeIn(g, i, visible)));
  ctx.setLineDash([]);
  groups.forEach((byColour, group) => {
    // Plain junctions too small to outline would only hide the coloured links under them.
    if (group === 0 && o.coloured === 'link' && sizes.junction < OUTLINE_FROM_PX) return;
    const half = group === 0 ? sizes.junction : sizes.square;
    const round = group === 0 && half >= ROUND_FROM_PX;
    const outlined = group === 1 || half >= OUTLINE_FROM_PX;
    for (const [colour, nodes] of byColour) {
      ctx.fillStyle = colour;
      if (!round && !outlined) {
        // Tiny squares: fillRect each is several times faster than one path of 100 000 rectangles.
        for (const i of nodes) ctx.fillRect(g.nodeX[i]! * view.scale + view.dx - half, g.nodeY[i]! * view.scale + view.dy - half, 2 * half, 2 * half);
        continue;
      }
      ctx.beginPath();
      for (const i of nodes) traceNode(ctx, g.nodeX[i]! * view.scale + view.dx, g.nodeY[i]! * view.scale + view.dy, half, round);
      ctx.fill();
      if (outlined) {
        ctx.strokeStyle = NODE_OUTLINE;
        ctx.lineWidth = 1;
        ctx.stroke();
      }
    }
  });
  const i = o.selectedNode;
  if (i < 0 || i >= g.nodeIds.length) return;
  // The selected node: larger, in its own colour, with a thick orange outline.
  const square = g.nodeKind[i] !== 0;
  const half = Math.max(square ? sizes.square : sizes.junction * 1.6, 4);
  ctx.fillStyle = fillOf(i);
  ctx.strokeStyle = SELECTED;
  ctx.lineWidth = 3;
  ctx.beginPath();
  traceNode(ctx, g.nodeX[i]! * view.scale + view.dx, g.nodeY[i]! * view.scale + view.dy, half, !square);
  ctx.fill();
  ctx.stroke();
}

/** Draws the network over the whole canvas through the options' view: links, nodes, the selection on top. */
export function drawNetwork(ctx: MapContext, g: PackedGeometry, options: DrawOptions): MapView {
  const view = options.view ?? fitView(g.bounds, options.width, options.height);
  const zoom = options.zoom ?? 1;
  const sizes = markerSizes(g, view, options.pixelRatio, zoom);
  // At the fitted view everything is on the canvas: the test would only cost time.
  const visible = zoom > 1 ? visibleRect(view, options.width, options.height, CULL_MARGIN_PX) : null;
  ctx.setTransform(options.pixelRatio, 0, 0, options.pixelRatio, 0, 0);
  ctx.clearRect(0, 0, options.width, options.height);
  drawLinks(ctx, g, view, sizes, options, visible);
  drawNodes(ctx, g, view, sizes, options, visible);
  return view;
}
