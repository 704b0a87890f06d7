// The canvas map's drawing on a recording context: the view box fitted and centred, links stroked
// once per kind and colour (a 20 000-link grid coloured over the whole scale in 534 strokes), pumps dashed,
// uncoloured elements grey as in the SVG, and the selected node or link outlined in orange.
import { describe, expect, it } from 'vitest';
import { colourOf } from './colourMapping';
import { drawNetwork, fitView, type DrawOptions } from './drawNetwork';
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
});
