// create-pipe-v2 as a user sees it: PIPE_NETWORK_2 with the example network drawn in the second-
// generation editor; a drawing without a source cannot be saved; fixed (undo), it is created with the
// `.inp` text the server wrote from the drawing.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { exampleNetworkDocument, exampleNetworkInp, type NetworkDocument } from '@simforge/contracts';
import { aUser, pathOf, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { signedInForEachTest } from '../../test/signedIn';
import { authStore } from '../../lib/authStore';
import { aSimulation, SIM_ID } from '../simulations/testFixtures';
import { mockFlowLayout } from './testSupport';

beforeEach(() => mockFlowLayout());
signedInForEachTest();

describe('create-pipe-v2 (PIPE_NETWORK_2)', () => {
  it('draws the example in the v2 editor, refuses to save a drawing without a source, and creates PIPE_NETWORK_2 with the written file', async () => {
    const { calls } = stubFetch((call) => {
      const path = pathOf(call);
      if (path === '/api/v1/users/me') return { json: aUser };
      if (path === '/api/v1/networks/from-inp') return { json: { network: exampleNetworkDocument(), warnings: [] } };
      if (path === '/api/v1/networks/to-inp') return { json: { inp: `[TITLE]\nwritten with ${(call.body as { network: NetworkDocument }).network.reservoirs.length} reservoir\n[END]\n`, warnings: [] } };
      if (path === '/api/v1/simulations/metamodel_estimate_v2') return { status: 503, json: { detail: 'not in this test' } };
      if (path === '/api/v1/simulations/' && call.method === 'POST') return { status: 201, json: aSimulation({ ...(call.body as object), status: 'draft', summary: null }) };
      if (path === `/api/v1/simulations/${SIM_ID}/runs`) return { json: { data: [], count: 0 } };
      if (path === `/api/v1/simulations/${SIM_ID}/log`) return { json: { simulation_id: SIM_ID, run_id: null, lines: [] } };
      return undefined;
    });
    await authStore.init();
    const app = renderApp('/main/simulations/create-pipe-v2?type=PIPE_NETWORK_2');
    expect(await screen.findByRole('heading', { name: 'Create pipe network' }, { timeout: 30_000 })).toBeTruthy();
    await screen.findByTestId('diagram-node-R1', {}, { timeout: 15_000 });
    expect(screen.getByTestId('pipe-diagram-editor').dataset['variant']).toBe('v2');
    expect(screen.getByRole('table', { name: 'Pipes' })).toBeTruthy();
    expect(calls.find((c) => pathOf(c) === '/api/v1/networks/from-inp')!.body).toEqual({ inp: exampleNetworkInp });

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'District v2' } });
    for (const id of ['R1', 'T1']) {
      fireEvent.click(screen.getByTestId(`diagram-node-${id}`));
      await screen.findByRole('group', { name: `${id.startsWith('R') ? 'Reservoir' : 'Tank'} ${id} properties` });
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    }
    await waitFor(() => expect(screen.getAllByText(/The network has no source: add a reservoir or a tank\./).length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.some((c) => c.method === 'POST' && pathOf(c) === '/api/v1/simulations/')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect((screen.getByLabelText('EPANET input file (.inp)', { selector: 'textarea' }) as HTMLTextAreaElement).value).toBe('[TITLE]\nwritten with 1 reservoir\n[END]\n'));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/main/simulations/view/${SIM_ID}`));
    const post = calls.filter((c) => c.method === 'POST' && pathOf(c) === '/api/v1/simulations/').at(-1)!;
    expect(post.body).toMatchObject({ title: 'District v2', type: 'PIPE_NETWORK_2', parameters: { inp: '[TITLE]\nwritten with 1 reservoir\n[END]\n' } });
  }, 90_000);
});
