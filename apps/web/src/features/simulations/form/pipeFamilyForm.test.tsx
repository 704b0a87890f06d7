import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { exampleNetworkInp } from '@simforge/contracts';
import { aUser, pathOf } from '../../../test/fetchStub';
import { renderApp } from '../../../test/renderApp';
import { authStore } from '../../../lib/authStore';
import { signedInForEachTest, messageBeside, stubApi, type Answer } from '../../../test/signedIn';
import { savedDraftAnswer, SIM_ID } from '../testFixtures';
import { validateText } from './parameterForm';

const ESTIMATE = '/api/v1/simulations/metamodel_estimate_v2';
const networkEstimate = {
  type: 'PIPE_NETWORK',
  model: 'metamodel_estimate_v2: one Newton solve',
  results: { min_pressure: { value: 299_400, unit: 'Pa', label: 'Lowest junction pressure at the start' } },
  validity: [],
  inside_validity: true,
  expected_runtime_seconds: 0.05,
  elapsed_ms: 3,
};

function server(extra?: Answer) {
  return stubApi((call) => {
    const path = pathOf(call);
    if (path === '/api/v1/users/me') return { json: aUser };
    if (path === ESTIMATE) return { json: networkEstimate };
    return savedDraftAnswer(call);
  }, extra);
}

const messageOf = (label: string) => messageBeside(label, label === INP ? screen.getByLabelText(label, { selector: 'textarea' }) : undefined);

const INP = 'EPANET input file (.inp)';
const card = (legend: string) => screen.getByText(legend, { selector: 'legend' }).closest('fieldset') as HTMLElement;
const SMALL = '[JUNCTIONS]\n J1 10 1\n[RESERVOIRS]\n R1 50\n[PIPES]\n P1 R1 J1 100 100 120 0 Open\n[END]\n';

signedInForEachTest();

describe('the text widget rule', () => {
  it('requires a text and at most its length', () => {
    const field = { kind: 'custom' as const, path: 'inp', key: 'inp', label: INP, widget: 'text', groups: [], maxLength: 10 };
    expect(validateText(field, '  ')).toBe('This field is required');
    expect(validateText(field, undefined)).toBe('This field is required');
    expect(validateText(field, 'x'.repeat(11))).toBe(`${INP}: at most 10 characters (this one has 11)`);
    expect(validateText(field, '[END]')).toBe(true);
  });
});

describe('create-pipe: the network and the annulus', () => {
  it('PIPE_NETWORK: the .inp starts as the example, loads from a file, is required, and is sent as text; the server’s message lands on it', async () => {
    const { calls } = server((call) =>
      call.method === 'POST' && pathOf(call) === '/api/v1/simulations/' && (call.body as { title: string }).title === 'Broken'
        ? { status: 422, json: { detail: [{ loc: ['body', 'parameters', 'inp'], msg: "This field is invalid: line 6: [PIPES] node2: unknown node 'J9'", type: 'solver' }] } }
        : undefined,
    );
    await authStore.init();
    const app = renderApp('/main/simulations/create-pipe?type=PIPE_NETWORK');
    const text = (await screen.findByLabelText(INP, { selector: 'textarea' }, { timeout: 30_000 })) as HTMLTextAreaElement;
    expect(text.value).toBe(exampleNetworkInp);
    expect(screen.getByLabelText('Head-loss formula')).toBeTruthy();
    expect(screen.queryByLabelText('Duration')).toBeNull();

    fireEvent.change(text, { target: { value: '   ' } });
    await waitFor(() => expect(messageOf(INP)).toBe('This field is required'));

    const file = new File([SMALL], 'two-nodes.inp', { type: 'text/plain' });
    fireEvent.change(screen.getByTestId('file-inp'), { target: { files: [file] } });
    await waitFor(() => expect((screen.getByLabelText(INP, { selector: 'textarea' }) as HTMLTextAreaElement).value).toBe(SMALL));
    expect(messageOf(INP)).toMatch(/^two-nodes\.inp: 8 lines/);
    await waitFor(() => expect(calls.some((c) => pathOf(c) === ESTIMATE && (c.body as { parameters: { inp: string } }).parameters.inp === SMALL)).toBe(true));

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Broken' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(messageOf(INP)).toBe("This field is invalid: line 6: [PIPES] node2: unknown node 'J9'"));
    expect(app.router.state.location.pathname).toBe('/main/simulations/create-pipe');

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Two nodes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/main/simulations/view/${SIM_ID}`));
    const post = calls.filter((c) => c.method === 'POST' && pathOf(c) === '/api/v1/simulations/').at(-1)!;
    expect(post.body).toMatchObject({ title: 'Two nodes', type: 'PIPE_NETWORK', parameters: { inp: SMALL, headloss: 'from_network', period: 'from_network', heat: { transport: 'off' } } });
  }, 60_000);

  it('CIRCULAR_ANNULUS: both walls in their own cards; a wall’s temperature appears with its condition', async () => {
    server();
    await authStore.init();
    renderApp('/main/simulations/create-pipe?type=CIRCULAR_ANNULUS');
    await screen.findByText('Outer wall', { selector: 'legend' }, { timeout: 30_000 });
    const outer = card('Outer wall');
    const inner = card('Inner wall');
    expect((within(inner).getByLabelText('Wall temperature') as HTMLInputElement).value).toBe('60');
    expect(within(outer).queryByLabelText('Wall heat flux')).toBeNull();
    expect((screen.getByLabelText('Outer diameter') as HTMLInputElement).value).toBe('50');
    fireEvent.mouseDown(within(outer).getByLabelText('Thermal condition'));
    fireEvent.click(await screen.findByRole('option', { name: 'Fixed heat flux' }));
    expect((within(outer).getByLabelText('Wall heat flux') as HTMLInputElement).value).toBe('10');
  }, 60_000);
});
