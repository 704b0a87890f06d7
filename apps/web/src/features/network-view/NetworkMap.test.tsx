// The network map chooses its renderer by size: SVG elements (found by data-testid) up to
// CANVAS_THRESHOLD nodes and links, a canvas above it — drawn when there is a 2-D context, quietly
// blank when there is none (jsdom) — on which a click selects the element under the pointer and
// hovering shows its description.
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { exampleNetworkDocument, type NetworkDocument } from '@simforge/contracts';
import { fitView } from './viewTransform';
import { packGeometry } from './mapGeometry';
import { CANVAS_THRESHOLD, NetworkMap, networkElementCount, type MapSelection } from './NetworkMap';
import { gridNetwork, recordingContext } from './testSupport';

const HEIGHT = 520;

function renderMap(network: NetworkDocument, onSelect = vi.fn(), selected: MapSelection | null = null) {
  render(<NetworkMap network={network} colours={new Map()} coloured="node" selected={selected} onSelect={onSelect} height={HEIGHT} describe={(s) => `${s.elements} ${s.id}`} />);
  return screen.getByRole('img', { name: 'Network map' });
}

/** The next animation frames, run. */
const frames = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

describe('NetworkMap', () => {
  it('draws a small network as SVG elements', () => {
    const map = renderMap(exampleNetworkDocument());
    expect(map.tagName.toLowerCase()).toBe('svg');
    expect(screen.getByTestId('network-node-J1')).toBeTruthy();
    expect(screen.getByTestId('network-link-P1').getAttribute('stroke')).toBe('#b0bec5');
    expect(screen.queryByTestId('network-map-canvas')).toBeNull();
  });

  it('draws a network over the threshold on a canvas, and stays blank without a 2-D context', async () => {
    // 60 × 50 junctions, 5 891 pipes and a reservoir: 8 892 elements.
    const network = gridNetwork(60, 50);
    expect(networkElementCount(network)).toBeGreaterThan(CANVAS_THRESHOLD);
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const map = renderMap(network);
    await frames();
    expect(getContext).toHaveBeenCalled();
    expect(map.getAttribute('data-testid')).toBe('network-map');
    expect(screen.getByTestId('network-map-canvas').tagName.toLowerCase()).toBe('canvas');
    expect(screen.queryAllByTestId(/^network-(node|link)-/)).toHaveLength(0);
    expect(screen.getByTestId('network-map-note').textContent).toMatch(/^Drawn on a canvas: 3,001 nodes and 5,891 links; click an element/);
  });

  it('draws on the context at the device pixel ratio, and redraws the selection', async () => {
    const ctx = recordingContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    vi.stubGlobal('devicePixelRatio', 2);
    const network = gridNetwork(60, 50);
    const props = { network, colours: new Map<string, string>(), coloured: 'node' as const, onSelect: vi.fn(), height: HEIGHT, describe: () => '' };
    const { rerender } = render(<NetworkMap {...props} selected={null} />);
    await frames();
    const canvas = screen.getByTestId('network-map-canvas') as HTMLCanvasElement;
    // jsdom has no layout: the width falls back to 800 px.
    expect([canvas.width, canvas.height]).toEqual([1600, 2 * HEIGHT]);
    expect(ctx.named('setTransform')[0]!.args).toEqual([2, 0, 0, 2, 0, 0]);
    expect(ctx.named('stroke').length).toBeGreaterThan(0);
    expect(ctx.calls.some((c) => c.strokeStyle === '#ff6f00')).toBe(false);
    rerender(<NetworkMap {...props} selected={{ elements: 'node', id: 'J10_10' }} />);
    await frames();
    expect(ctx.calls.at(-1)).toMatchObject({ op: 'stroke', strokeStyle: '#ff6f00' });
  });

  it('selects the element under a click and describes the one under the pointer', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const network = gridNetwork(60, 50);
    const onSelect = vi.fn();
    renderMap(network, onSelect);
    await frames();
    const canvas = screen.getByTestId('network-map-canvas');
    const view = fitView(packGeometry(network).bounds, 800, HEIGHT);
    // J12_7 is at (1200, 700): on screen y is flipped. jsdom's canvas sits at (0, 0).
    const px = (x: number, y: number) => ({ clientX: x * view.scale + view.dx, clientY: -y * view.scale + view.dy });
    fireEvent.click(canvas, px(1200, 700));
    expect(onSelect).toHaveBeenLastCalledWith({ elements: 'node', id: 'J12_7' });
    // Halfway between J12_7 and J13_7: the pipe H12_7.
    fireEvent.click(canvas, px(1250, 700));
    expect(onSelect).toHaveBeenLastCalledWith({ elements: 'link', id: 'H12_7' });
    // In the middle of a grid square: nothing.
    fireEvent.click(canvas, px(1250, 750));
    expect(onSelect).toHaveBeenCalledTimes(2);

    fireEvent.mouseMove(canvas, px(1200, 701));
    await waitFor(() => expect(screen.getByTestId('network-map-tooltip').textContent).toBe('node J12_7'));
    fireEvent.mouseMove(canvas, px(1250, 750));
    await waitFor(() => expect(screen.queryByTestId('network-map-tooltip')).toBeNull());
  });
});
