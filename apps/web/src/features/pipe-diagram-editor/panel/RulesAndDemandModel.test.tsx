// The rules and the demand model below the canvas as a user drives them: rules typed into the field
// reach the document the server writes; the server's line-numbered rule errors (the engine's parser)
// are shown under the field and keep saving blocked until the rules are fixed; pressure-driven demand
// typed in kPa lands in the document in Pa, bad values are refused naming their field, and all of it
// survives an export and import through the server's writer and parser.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { exampleNetworkDocument, type NetworkDocument } from '@simforge/contracts';
import NetworkInpDiagram from '../NetworkInpDiagram';
import { PipeDiagramEditor } from '../PipeDiagramEditor';
import { mockFlowLayout, stubConversions, stubRealConversions } from '../testSupport';
import { expectRefused, region, typeInto } from './panelTestSupport';

beforeEach(() => mockFlowLayout());

const openTab = (name: RegExp) => fireEvent.click(within(region()).getByRole('tab', { name }));

function typeRules(text: string) {
  const field = within(region()).getByRole('textbox', { name: 'Rules' });
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

const GOOD_RULES = ['RULE REFILL', 'IF TANK T1 LEVEL BELOW 1.5', 'THEN PIPE P9 STATUS IS OPEN', 'PRIORITY 2'].join('\n');
const BAD_RULES = ['RULE REFILL', 'IF TANK T1 LEVEL BELOW 1.5', 'THEN PIPE P99 STATUS IS OPEN', 'PRIORITY high'].join('\n');

describe('rules in the diagram editor', () => {
  it('rules typed in the field reach the document written to the .inp text', async () => {
    const calls = stubConversions((path) => (path === '/networks/from-inp' ? { json: { network: exampleNetworkDocument(), warnings: [] } } : { json: { inp: 'written', warnings: [] } }));
    const onInp = vi.fn();
    render(<NetworkInpDiagram inp="[JUNCTIONS] ..." onInpChange={onInp} onBlocked={() => undefined} variant="v1" />);
    await screen.findByTestId('diagram-node-J6', undefined, { timeout: 5000 });
    openTab(/^Rules/);
    expect(within(region()).getByText(/Values are in the network’s units: flow in LPS, pressure in METERS, heads and levels in m/)).toBeTruthy();
    typeRules(GOOD_RULES);
    await waitFor(() => expect(onInp).toHaveBeenCalledWith('written'));
    const written = calls.filter((c) => c.path === '/networks/to-inp').at(-1)!.body['network'] as NetworkDocument;
    expect(written.rules).toBe(GOOD_RULES);
  });

  it('shows the server’s rule errors with their line numbers under the field and blocks saving until they are fixed', async () => {
    const calls = stubConversions((path, body) => {
      if (path === '/networks/from-inp') return { json: { network: exampleNetworkDocument(), warnings: [] } };
      const rules = (body['network'] as NetworkDocument).rules ?? '';
      if (!rules.includes('P99')) return { json: { inp: 'fixed', warnings: [] } };
      return {
        status: 422,
        json: {
          detail: [
            { loc: ['body', 'network', 'rules'], msg: "line 3: rule REFILL: unknown link 'P99'", type: 'rule_syntax' },
            { loc: ['body', 'network', 'rules'], msg: "line 4: rule REFILL: 'high' is not a number (PRIORITY <number>)", type: 'rule_syntax' },
          ],
        },
      };
    });
    const onInp = vi.fn();
    const onBlocked = vi.fn();
    render(<NetworkInpDiagram inp="[JUNCTIONS] ..." onInpChange={onInp} onBlocked={onBlocked} variant="v1" />);
    await screen.findByTestId('diagram-node-J6', undefined, { timeout: 5000 });
    openTab(/^Rules/);
    typeRules(BAD_RULES);

    const alert = await screen.findByRole('alert', { name: 'Rule errors' });
    expect(within(alert).getByText("line 3: rule REFILL: unknown link 'P99'")).toBeTruthy();
    expect(within(alert).getByText("line 4: rule REFILL: 'high' is not a number (PRIORITY <number>)")).toBeTruthy();
    expect(onBlocked).toHaveBeenLastCalledWith("The rules have 2 error(s) to fix before saving, first line 3: rule REFILL: unknown link 'P99'");
    expect(onInp).not.toHaveBeenCalled();
    // The tab says how many lines are wrong while it is closed too.
    expect(within(region()).getByRole('tab', { name: /^Rules/ }).textContent).toContain('2');

    typeRules(GOOD_RULES);
    await waitFor(() => expect(onInp).toHaveBeenCalledWith('fixed'));
    expect(screen.queryByRole('alert', { name: 'Rule errors' })).toBeNull();
    expect(onBlocked).toHaveBeenLastCalledWith(null);
    expect(calls.filter((c) => c.path === '/networks/to-inp')).toHaveLength(2);
  });

  it('the standalone editor shows the rule errors of a refused export (the engine’s parser behind the stub), and the rule time step', async () => {
    await stubRealConversions();
    const changes: NetworkDocument[] = [];
    render(<PipeDiagramEditor initial={exampleNetworkDocument()} onChange={(network) => changes.push(network)} />);
    openTab(/^Rules/);
    typeRules(BAD_RULES);
    expect(changes.at(-1)!.rules).toBe(BAD_RULES);
    fireEvent.click(screen.getByRole('button', { name: 'Export .inp' }));
    const alert = await screen.findByRole('alert', { name: 'Rule errors' });
    expect(within(alert).getByText("line 3: rule REFILL: unknown link 'P99'")).toBeTruthy();
    expect(within(alert).getByText(/^line 4: rule REFILL: 'high' is not a number/)).toBeTruthy();

    const step = within(region()).getByRole('textbox', { name: 'Rule time step' });
    typeInto(step, '7200');
    expect(within(region()).getByText('Rule time step must be at most the hydraulic time step (3600 s)')).toBeTruthy();
    typeInto(step, '300');
    expect(changes.at(-1)!.times.ruleStep).toBe(300);
    typeInto(step, '');
    expect(changes.at(-1)!.times).not.toHaveProperty('ruleStep');
    // Emptied, the field leaves the document without rules.
    typeRules('  ');
    expect(changes.at(-1)).not.toHaveProperty('rules');
  });
});

describe('the demand model in the diagram editor', () => {
  it('pressure-driven demand typed in kPa is stored in Pa; bad values are refused naming their field; DDA drops it', async () => {
    const changes: { network: NetworkDocument; problems: string[] }[] = [];
    render(<PipeDiagramEditor initial={exampleNetworkDocument()} onChange={(network, issues) => changes.push({ network, problems: issues.map((i) => i.message) })} />);
    openTab(/^Demand model/);
    const group = within(region()).getByRole('group', { name: 'Demand model' });
    fireEvent.mouseDown(within(group).getByRole('combobox', { name: 'Demand model' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Pressure-driven (PDA)' }));
    expect(changes.at(-1)!.network.options.pressureDrivenDemand).toEqual({ minimumPressure: 0, requiredPressure: 200_000, exponent: 0.5 });
    expect(within(group).getByLabelText('Pressure exponent')).toHaveProperty('value', '0.5');

    typeInto(within(group).getByLabelText('Minimum pressure'), '50');
    typeInto(within(group).getByLabelText('Required pressure'), '250');
    typeInto(within(group).getByLabelText('Pressure exponent'), '0.75');
    expect(changes.at(-1)!.network.options.pressureDrivenDemand).toEqual({ minimumPressure: 50_000, requiredPressure: 250_000, exponent: 0.75 });
    expect(changes.at(-1)!.problems).toEqual([]);

    expectRefused(group, changes, [
      ['Pressure exponent', '0', 'Pressure exponent must be more than 0'],
      ['Minimum pressure', '-5', 'Minimum pressure must be 0 kPa or more'],
    ]);

    // 0.1 m of head is 0.98 kPa: a gap of 0.5 kPa is written but named, and keeps the network from being saved.
    typeInto(within(group).getByLabelText('Minimum pressure'), '249.5');
    const gap = 'Required pressure must exceed the minimum pressure by at least 0.1 m of head (0.981 kPa)';
    expect(within(group).getByText(gap)).toBeTruthy();
    expect(changes.at(-1)!.problems).toEqual([gap]);
    typeInto(within(group).getByLabelText('Required pressure'), '251');
    expect(changes.at(-1)!.problems).toEqual([]);

    fireEvent.mouseDown(within(group).getByRole('combobox', { name: 'Demand model' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Demand-driven (DDA)' }));
    expect(changes.at(-1)!.network.options).not.toHaveProperty('pressureDrivenDemand');
    expect(within(group).queryByLabelText('Minimum pressure')).toBeNull();
  });

  it('keeps the demand model, rules and rule step through an .inp export and import (the server’s writer and parser)', async () => {
    const calls = await stubRealConversions();
    let exported: Blob | null = null;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => ((exported = blob), 'blob:network'), revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const base = exampleNetworkDocument();
    const start: NetworkDocument = { ...base, rules: GOOD_RULES, times: { ...base.times, ruleStep: 300 }, options: { ...base.options, pressureDrivenDemand: { minimumPressure: 50_000, requiredPressure: 250_000, exponent: 0.75 } } };
    const changes: NetworkDocument[] = [];
    render(<PipeDiagramEditor initial={start} onChange={(network) => changes.push(network)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export .inp' }));
    await waitFor(() => expect(exported).not.toBeNull());
    const text = await exported!.text();
    expect(text).toMatch(/Demand Model\s+PDA/);
    expect(text).toContain('RULE REFILL');

    fireEvent.change(screen.getByTestId('diagram-import-file'), { target: { files: [new File([text], 'network.inp')] } });
    await waitFor(() => expect(calls.filter((c) => c.path === '/networks/from-inp')).toHaveLength(1));
    await waitFor(() => expect(changes.length).toBeGreaterThan(0));
    const back = changes.at(-1)!;
    expect(back.rules).toBe(GOOD_RULES);
    expect(back.times.ruleStep).toBe(300);
    const pda = back.options.pressureDrivenDemand!;
    expect(pda.minimumPressure).toBeCloseTo(50_000, 6);
    expect(pda.requiredPressure).toBeCloseTo(250_000, 6);
    expect(pda.exponent).toBe(0.75);
  });
});
