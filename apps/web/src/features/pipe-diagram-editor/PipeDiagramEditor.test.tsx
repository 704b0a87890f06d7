// The editor as a user drives it: add nodes, connect them, edit a pipe in the side panel, delete,
// undo and redo; the checks beside the elements; pumps and valves; v2's bulk table.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyNetworkDocument, exampleNetworkDocument, type NetworkDocument } from '@simforge/contracts';
import { PipeDiagramEditor } from './PipeDiagramEditor';
import { DISCONNECTED } from './model/validation';
import { mockFlowLayout } from './testSupport';

beforeEach(() => mockFlowLayout());

const node = (id: string) => screen.getByTestId(`diagram-node-${id}`);
const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('PipeDiagramEditor', () => {
  it('adds a reservoir and junctions, connects them, edits the pipe, deletes and undoes; problems show beside the elements', async () => {
    const changes: { network: NetworkDocument; problems: number }[] = [];
    render(<PipeDiagramEditor initial={emptyNetworkDocument()} onChange={(network, issues) => changes.push({ network, problems: issues.length })} />);
    fireEvent.click(button('Add reservoir'));
    fireEvent.click(button('Add junction'));
    fireEvent.click(button('Add junction'));
    expect(node('R1')).toBeTruthy();
    expect(within(node('J1')).getByRole('alert').textContent).toBe(DISCONNECTED);

    fireEvent.click(button('Connect nodes'));
    fireEvent.click(node('R1'));
    fireEvent.click(node('J1'));
    fireEvent.click(node('J1'));
    fireEvent.click(node('J2'));
    await waitFor(() => expect(screen.getByTestId('diagram-link-P2')).toBeTruthy());
    expect(within(node('J1')).queryByRole('alert')).toBeNull();
    expect(changes.at(-1)!.problems).toBe(0);
    expect(changes.at(-1)!.network.pipes.map((p) => [p.id, p.from, p.to])).toEqual([
      ['P1', 'R1', 'J1'],
      ['P2', 'J1', 'J2'],
    ]);

    // The new pipe is selected: its diameter in mm, refused outside its range, written in m.
    const panel = screen.getByRole('group', { name: 'Pipe P2 properties' });
    const diameter = within(panel).getByLabelText('Diameter');
    fireEvent.change(diameter, { target: { value: '0.5' } });
    fireEvent.blur(diameter);
    expect(within(panel).getByText('This field must be between 1 and 10000')).toBeTruthy();
    fireEvent.change(diameter, { target: { value: '100' } });
    fireEvent.blur(diameter);
    expect(changes.at(-1)!.network.pipes[1]!.diameter).toBe(0.1);

    // Delete the first junction: its pipes go with it and J2 is cut off; undo brings all back.
    fireEvent.click(button('Connect nodes'));
    fireEvent.click(node('J1'));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Junction J1 properties' })).toBeTruthy());
    fireEvent.click(button('Delete'));
    expect(screen.queryByTestId('diagram-node-J1')).toBeNull();
    expect(changes.at(-1)!.network.pipes).toEqual([]);
    expect(within(node('J2')).getByRole('alert').textContent).toBe(DISCONNECTED);
    fireEvent.click(button('Undo'));
    expect(node('J1')).toBeTruthy();
    expect(changes.at(-1)!.network.pipes.map((p) => p.id)).toEqual(['P1', 'P2']);
    expect(changes.at(-1)!.network.pipes[1]!.diameter).toBe(0.1);
    fireEvent.click(button('Redo'));
    expect(screen.queryByTestId('diagram-node-J1')).toBeNull();
    // The keyboard: Ctrl+Z undoes, Ctrl+Y redoes (not while typing in a field).
    const editor = screen.getByTestId('pipe-diagram-editor');
    fireEvent.keyDown(editor, { key: 'z', ctrlKey: true });
    expect(node('J1')).toBeTruthy();
    fireEvent.keyDown(editor, { key: 'y', ctrlKey: true });
    expect(screen.queryByTestId('diagram-node-J1')).toBeNull();
  });

  it('adds a pump and a valve between nodes, with their own properties', async () => {
    const changes: NetworkDocument[] = [];
    render(<PipeDiagramEditor initial={exampleNetworkDocument()} onChange={(network) => changes.push(network)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pump' }));
    fireEvent.click(button('Connect nodes'));
    fireEvent.click(node('J3'));
    fireEvent.click(node('J6'));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Pump PU1 properties' })).toBeTruthy());
    expect(within(screen.getByRole('group', { name: 'Pump PU1 properties' })).getByLabelText('Design head')).toHaveProperty('value', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Valve' }));
    fireEvent.click(node('J5'));
    fireEvent.click(node('J6'));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Valve V1 properties' })).toBeTruthy());
    expect(within(screen.getByRole('group', { name: 'Valve V1 properties' })).getByLabelText('Pressure setting')).toHaveProperty('value', '200');
    expect(changes.at(-1)!.valves).toEqual([expect.objectContaining({ id: 'V1', from: 'J5', to: 'J6', type: 'PRV', setting: 200_000 })]);
    expect(changes.at(-1)!.pumps).toEqual([expect.objectContaining({ id: 'PU1', from: 'J3', to: 'J6' })]);
  });

  it('v2 edits pipes in bulk: tick rows, set a diameter for all of them', async () => {
    const changes: NetworkDocument[] = [];
    render(<PipeDiagramEditor initial={exampleNetworkDocument()} variant="v2" onChange={(network) => changes.push(network)} />);
    expect(screen.getByTestId('pipe-diagram-editor').dataset['variant']).toBe('v2');
    const table = screen.getByRole('table', { name: 'Pipes' });
    for (const id of ['P6', 'P7', 'P8']) fireEvent.click(within(table).getByLabelText(`Tick ${id}`));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Set' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Diameter (mm)' }));
    fireEvent.change(screen.getByLabelText('Bulk value'), { target: { value: '125' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply to 3 ticked' }));
    expect(changes.at(-1)!.pipes.map((p) => p.diameter)).toEqual([0.2, 0.2, 0.15, 0.2, 0.15, 0.125, 0.125, 0.125, 0.2]);
    // One cell edited in place.
    const length = within(table).getByLabelText('Length of P1');
    fireEvent.change(length, { target: { value: '820' } });
    fireEvent.keyDown(length, { key: 'Enter' });
    expect(changes.at(-1)!.pipes[0]!.length).toBe(820);
  });
});
