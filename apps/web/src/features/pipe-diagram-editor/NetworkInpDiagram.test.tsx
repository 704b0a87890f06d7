// The diagram bound to the `.inp` text (which stays the parameter): drawn through /networks/from-inp,
// edits written back through /networks/to-inp (stubbed fetch answering as the server does), saving
// blocked while the drawing has problems, the server's line message when a text cannot be drawn.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { exampleNetworkDocument, type NetworkDocument } from '@simforge/contracts';
import NetworkInpDiagram from './NetworkInpDiagram';
import { mockFlowLayout, stubConversions } from './testSupport';

beforeEach(() => mockFlowLayout());

const node = (id: string) => screen.getByTestId(`diagram-node-${id}`);
const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('NetworkInpDiagram (the .inp text stays the parameter)', () => {
  it('draws the text through /networks/from-inp, writes edits back through /networks/to-inp, and blocks saving while there are problems', async () => {
    const calls = stubConversions((path, body) =>
      path === '/networks/from-inp' ? { json: { network: exampleNetworkDocument(), warnings: [] } } : { json: { inp: `written ${(body['network'] as NetworkDocument).junctions.length} junctions`, warnings: [] } },
    );
    const onInp = vi.fn();
    const onBlocked = vi.fn();
    const { rerender } = render(<NetworkInpDiagram inp="[JUNCTIONS] ..." onInpChange={onInp} onBlocked={onBlocked} variant="v1" />);
    await waitFor(() => expect(node('J6')).toBeTruthy(), { timeout: 5000 });
    expect(calls[0]).toEqual({ path: '/networks/from-inp', body: { inp: '[JUNCTIONS] ...' } });

    fireEvent.click(node('J6'));
    const elevation = within(await screen.findByRole('group', { name: 'Junction J6 properties' })).getByLabelText('Elevation');
    fireEvent.change(elevation, { target: { value: '19.5' } });
    fireEvent.blur(elevation);
    await waitFor(() => expect(onInp).toHaveBeenCalledWith('written 6 junctions'));
    const written = calls.find((c) => c.path === '/networks/to-inp')!.body['network'] as NetworkDocument;
    expect(written.junctions[5]).toMatchObject({ id: 'J6', elevation: 19.5 });
    expect(onBlocked).toHaveBeenLastCalledWith(null);
    // The text it wrote is not read again.
    rerender(<NetworkInpDiagram inp="written 6 junctions" onInpChange={onInp} onBlocked={onBlocked} variant="v1" />);
    await act(() => new Promise((r) => setTimeout(r, 500)));
    expect(calls.filter((c) => c.path === '/networks/from-inp')).toHaveLength(1);

    // Deleting both sources: saving is blocked with the reason; the text is left as it was.
    fireEvent.click(node('R1'));
    fireEvent.click(button('Delete'));
    fireEvent.click(node('T1'));
    fireEvent.click(button('Delete'));
    expect(onBlocked).toHaveBeenLastCalledWith('The diagram has 1 problem(s) to fix before saving, first The network has no source: add a reservoir or a tank.');
    expect(onInp).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s line message when the text cannot be drawn', async () => {
    stubConversions(() => ({ status: 422, json: { detail: [{ loc: ['body', 'inp'], msg: "line 30: [PIPES] node2: unknown node '99'", type: 'inp_line' }] } }));
    render(<NetworkInpDiagram inp="broken" onInpChange={() => undefined} onBlocked={() => undefined} variant="v1" />);
    expect(await screen.findByText("The diagram cannot show this file: line 30: [PIPES] node2: unknown node '99'")).toBeTruthy();
  });

  it('lists what the run will not use, with lines, before the run', async () => {
    const warnings = [
      { line: 40, section: 'QUALITY', message: 'water quality is not simulated; initial qualities are ignored' },
      { line: 52, section: 'REPORT', message: 'report-file options do not apply; the section is ignored' },
    ];
    stubConversions(() => ({ json: { network: exampleNetworkDocument(), warnings } }));
    render(<NetworkInpDiagram inp="[JUNCTIONS] ..." onInpChange={() => undefined} onBlocked={() => undefined} variant="v1" />);
    const alert = await screen.findByRole('alert', { name: 'Not used by the run' }, { timeout: 5000 });
    expect(within(alert).getByText('The run will not use 2 items of this file:')).toBeTruthy();
    expect(within(alert).getByText('line 40 [QUALITY] water quality is not simulated; initial qualities are ignored')).toBeTruthy();
    expect(within(alert).getByText('line 52 [REPORT] report-file options do not apply; the section is ignored')).toBeTruthy();
  });
});
