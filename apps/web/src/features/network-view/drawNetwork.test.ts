// The canvas map's drawing on a recording context: the view box fitted and centred, links stroked
// once per kind and colour (a 20 000-link grid coloured over the whole scale in 534 strokes), pumps dashed,
// uncoloured elements grey as in the SVG, and the selected node or link outlined in orange; zoomed
// into a corner only the elements on screen are drawn, through the same transform, with markers
// grown but capped.
import { describe, expect, it } from 'vitest';
import { colourOf } from './colourMapping';
import { drawNetwork, markerSizes, type DrawOptions } from './drawNetwork';
import { fitView, fittedState, toScreen, viewOf, zoomAbout } from './viewTransform';
import { packGeometry } from './mapGeometry';
import { GREY, NODE_OUTLINE, PLAIN_NODE, SELECTED } from './mapProps';
import { gridNetwork, recordingContext } from './testSupport';

const options = (over: Partial<DrawOptions> = {}): DrawOptions => ({ width: 800, height: 520, pixelRatio: 2, colours: new Map(), coloured: 'node', selectedNode: -1, selectedLink: -1, ...over });

describe('fitView', () => {
  it('fits the view box keeping its aspect ratio, centred', () => {
    const wide = fitView({ x: 10, y: -60, width: 100, height: 50, size: 100 }, 400, 400);
    expect(wide.scale).toBe(4);
    // x 10 -> 0 px, y -60 -> (400 - 200) / 2 = 100 px.
    expect(10 * wide.scale + wide.dx).toBe(0);
    expect(-60 * wide.scale + wide.dy).toBe(100);
    const tall = fitView({ x: 0, y: 0, width: 50, height: 100, size: 100 }, 400, 200);
    expect(tall.scale).toBe(2);
    expect(tall.dx).toBe(150);
  });
});

describe('drawNetwork', () => {
  // 101 × 100 junctions: 100 · 100 + 101 · 99 + 1 = 20 000 pipes.
  const network = gridNetwork(101, 100, 10);
  const g = packGeometry(network);

  it('strokes a 20 000-link grid once per colour', () => {
    expect(g.linkIds.length).toBe(20_000);
    const colours = new Map(g.linkIds.map((id, k) => [id, colourOf(k % 1000, { min: 0, max: 999 })]));
    const distinct = new Set(colours.values()).size;
    const ctx = recordingContext();
    drawNetwork(ctx, g, options({ colours, coloured: 'link' }));
    const strokes = ctx.named('stroke');
    // Links: one stroke per colour; nodes: the reservoir, outlined (plain junctions this small are
    // left out: they would only hide the coloured links).
    expect(strokes.length).toBe(distinct + 1);
    expect(strokes.at(-1)!.strokeStyle).toBe(NODE_OUTLINE);
    // The viridis scale has 634 colours: a stroke per 38 links here, never more than 634 for all of them.
    expect(distinct).toBeGreaterThan(500);
    expect(distinct).toBeLessThanOrEqual(634);
    expect(ctx.named('fill').map((c) => c.fillStyle)).toEqual([PLAIN_NODE]);
    expect(ctx.named('moveTo').length).toBe(20_000);
    expect(ctx.named('rect').length).toBe(1);
    expect(ctx.named('fillRect')).toHaveLength(0);
    expect(ctx.named('setTransform')[0]!.args).toEqual([2, 0, 0, 2, 0, 0]);
    expect(ctx.named('clearRect')[0]!.args).toEqual([0, 0, 800, 520]);
  });

  it('draws uncoloured elements grey, like the SVG', () => {
    const some = new Map([['H0_0', 'rgb(1, 2, 3)']]);
    const links = recordingContext();
    drawNetwork(links, g, options({ colours: some, coloured: 'link' }));
    expect(new Set(links.named('stroke').map((c) => c.strokeStyle))).toEqual(new Set(['rgb(1, 2, 3)', GREY, NODE_OUTLINE]));
    const nodes = recordingContext();
    drawNetwork(nodes, g, options({ colours: new Map([['J0_0', 'rgb(4, 5, 6)']]), coloured: 'node' }));
    expect(new Set(nodes.named('stroke').map((c) => c.strokeStyle))).toEqual(new Set([GREY, NODE_OUTLINE]));
    // Junctions this close (under 6 px apart) are small squares, one fillRect each.
    const squares = nodes.named('fillRect');
    expect(squares).toHaveLength(g.nodeIds.length - 1);
    expect(squares.filter((c) => c.fillStyle === 'rgb(4, 5, 6)')).toHaveLength(1);
    expect(squares.filter((c) => c.fillStyle === GREY)).toHaveLength(g.nodeIds.length - 2);
    expect(nodes.named('fill').map((c) => c.fillStyle)).toEqual([GREY]);
  });

  it('outlines the selected node in orange, larger and thicker', () => {
    const small = gridNetwork(3, 3, 100);
    const sg = packGeometry(small);
    const ctx = recordingContext();
    const view = drawNetwork(ctx, sg, options({ colours: new Map([['J1_1', 'rgb(9, 9, 9)']]), selectedNode: sg.nodeIds.indexOf('J1_1') }));
    const last = ctx.calls.at(-1)!;
    expect(last).toMatchObject({ op: 'stroke', strokeStyle: SELECTED, lineWidth: 3, fillStyle: 'rgb(9, 9, 9)' });
    const arcs = ctx.named('arc');
    const selected = arcs.at(-1)!;
    expect(selected.args[0]).toBeCloseTo(100 * view.scale + view.dx, 9);
    expect(selected.args[1]).toBeCloseTo(-100 * view.scale + view.dy, 9);
    expect(selected.args[2]).toBeGreaterThan(arcs[0]!.args[2]!);
    // A sparse map draws junctions as outlined circles of a few px.
    expect(arcs[0]!.args[2]).toBe(5);
  });

  it('draws the selected link over an orange band, and pumps dashed', () => {
    const small = gridNetwork(3, 3, 100);
    small.pumps.push({ id: 'PU1', from: 'R1', to: 'J2_0', speed: 1, status: 'open' });
    const sg = packGeometry(small);
    const ctx = recordingContext();
    drawNetwork(ctx, sg, options({ colours: new Map([['V1_0', 'rgb(7, 7, 7)']]), coloured: 'link', selectedLink: sg.linkIds.indexOf('V1_0') }));
    const strokes = ctx.named('stroke');
    expect(strokes.some((c) => c.dash.join(' ') === '2 2')).toBe(true);
    const band = strokes.findIndex((c) => c.strokeStyle === SELECTED);
    expect(band).toBeGreaterThan(0);
    const pipeWidth = strokes[0]!.lineWidth;
    expect(strokes[band]!.lineWidth).toBeGreaterThan(pipeWidth);
    expect(strokes[band]!.dash).toEqual([]);
    expect(strokes[band + 1]).toMatchObject({ strokeStyle: 'rgb(7, 7, 7)' });
  });

  it('zoomed into a corner, draws only the links and nodes on screen, through the view', () => {
    const vp = { bounds: g.bounds, width: 800, height: 520 };
    const fitted = recordingContext();
    drawNetwork(fitted, g, options());
    expect(fitted.named('moveTo').length).toBe(20_000);
    // 20× about the top left junction (J0_99: x 0, y −990 in screen axes).
    const corner = toScreen(viewOf(vp, fittedState(g.bounds)), 0, -990);
    const state = zoomAbout(vp, fittedState(g.bounds), 20, corner.px, corner.py);
    const view = viewOf(vp, state);
    const zoomed = recordingContext();
    expect(drawNetwork(zoomed, g, options({ view, zoom: state.zoom }))).toBe(view);
    const moves = zoomed.named('moveTo');
    expect(moves.length).toBeGreaterThan(50);
    expect(moves.length).toBeLessThan(1000);
    // Each link drawn starts within reach of the canvas (a pipe is 10 units, about 60 px here).
    for (const m of moves) {
      expect(m.args[0]).toBeGreaterThan(-100);
      expect(m.args[0]).toBeLessThan(900);
      expect(m.args[1]).toBeGreaterThan(-100);
      expect(m.args[1]).toBeLessThan(620);
    }
    // The corner junction is drawn where the transform puts it: still under the point zoomed about.
    const squares = [...zoomed.named('fillRect'), ...zoomed.named('arc')];
    expect(squares.length).toBeLessThan(500);
    const arc = zoomed.named('arc').find((c) => Math.abs(c.args[0]! - corner.px) < 1e-6 && Math.abs(c.args[1]! - corner.py) < 1e-6);
    expect(arc).toBeDefined();
  });

  it('grows the markers with the zoom, up to twice the fitted caps', () => {
    const fitted = fitView(g.bounds, 800, 520);
    const at = (zoom: number) => markerSizes(g, { ...fitted, scale: fitted.scale * zoom }, 1, zoom);
    // Fitted: junctions 5 px apart, markers a quarter of that, under the caps.
    expect(at(1).junction).toBeCloseTo(at(1).link[0], 9);
    expect(at(1).junction).toBeLessThan(1.5);
    expect(at(4).junction).toBeGreaterThan(3 * at(1).junction);
    expect(at(16)).toMatchObject({ junction: 10, link: [7, 10, 10] });
    expect(at(2000)).toEqual(at(16));
    // The fitted caps stay for a sparse map at 1×.
    const sparse = packGeometry(gridNetwork(3, 3, 100));
    expect(markerSizes(sparse, fitView(sparse.bounds, 800, 520)).junction).toBe(5);
  });
});
