import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, pathOf, queryOf, type StubbedCall } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { findTableWithColumns } from '../../test/tables';
import { signedInForEachTest, stubApi, type Answer } from '../../test/signedIn';
import { session } from '../../lib/session';
import { authStore } from '../../lib/authStore';
import { notifications } from '../../lib/notificationStore';
import { aSimulation, RUN_1, RUN_2, SIM_ID } from './testFixtures';

const rows = [
  aSimulation(),
  aSimulation({ id: 'a5c7a913-9f6e-435e-bc05-e0b0bba1c877', title: 'Hot loop', status: 'running', progress: 0.42, summary: null, current_run_id: null }),
];

function server(extra?: Answer) {
  return stubApi((call) => {
    const path = pathOf(call);
    if (path === '/api/v1/users/me') return { json: session.getProfile() ?? aUser };
    if ((path === '/api/v1/simulations/' || path === '/api/v1/simulations/all') && call.method === 'GET') return { json: { data: rows, count: 57 } };
    return undefined;
  }, extra);
}

const listCalls = (calls: StubbedCall[]) => calls.filter((c) => pathOf(c) === '/api/v1/simulations/' && c.method === 'GET');

signedInForEachTest();

describe('my simulations', () => {
  it('shows the table with status, progress of a running one, and pages on the server', async () => {
    const { calls } = server();
    await authStore.init();
    const app = renderApp('/main/simulations/all');
    const table = await findTableWithColumns('My simulations', ['Title', 'Type', 'Family', 'Status', 'Progress', 'Updated', 'Actions']);
    expect(await within(table).findByRole('link', { name: 'Cooling water line' })).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Cooling water line' }).getAttribute('href')).toBe(`/main/simulations/view/${SIM_ID}`);
    expect(within(table).getAllByText('Circular pipe').length).toBe(2);
    expect(within(table).getAllByText('Pipe flow').length).toBe(2);
    expect(within(table).getByText('Completed')).toBeTruthy();
    expect(within(table).getByText('Running')).toBeTruthy();
    expect(within(table).getByRole('progressbar', { name: 'Progress of Hot loop' }).getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('57 simulations')).toBeTruthy();
    expect(Object.fromEntries(queryOf(listCalls(calls)[0]!))).toEqual({ skip: '0', limit: '25', sort: '-updated_at' });

    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(app.location()).toBe('/main/simulations/all?page=2'));
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)!).get('skip')).toBe('25'));
  });

  it('sorts by a column, filters by family and searches after typing stops', async () => {
    const { calls } = server();
    await authStore.init();
    const app = renderApp('/main/simulations/all');
    await screen.findByRole('link', { name: 'Cooling water line' });
    fireEvent.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(app.location()).toBe('/main/simulations/all?sort=title'));
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)!).get('sort')).toBe('title'));

    fireEvent.mouseDown(screen.getByLabelText('Family'));
    fireEvent.click(await screen.findByRole('option', { name: 'Pipe flow' }));
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)!).get('family')).toBe('pipe'));

    await userEvent.type(screen.getByLabelText('Search'), 'loop');
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)!).get('q')).toBe('loop'));
    // One search for the settled text, not one per key.
    expect(listCalls(calls).filter((c) => queryOf(c).get('q') !== null).map((c) => queryOf(c).get('q'))).toEqual(['loop']);
    expect(app.location()).toBe('/main/simulations/all?family=pipe&q=loop&sort=title');
  });

  it('runs a row, aborts a running one, and deletes only after confirmation', async () => {
    const { calls } = server((call) => {
      const path = pathOf(call);
      if (path === `/api/v1/simulations/run/${SIM_ID}`) return { status: 202, json: aSimulation({ status: 'queued', progress: 0 }) };
      if (path === `/api/v1/simulations/${rows[1]!.id}/abort`) return { json: { ...rows[1], status: 'aborting' } };
      if (path === `/api/v1/simulations/${SIM_ID}` && call.method === 'DELETE') return { json: { msg: 'Simulation deleted successfully' } };
      return undefined;
    });
    await authStore.init();
    renderApp('/main/simulations/all');
    const first = (await screen.findByRole('link', { name: 'Cooling water line' })).closest('tr')!;
    const second = screen.getByRole('link', { name: 'Hot loop' }).closest('tr')!;
    // A running simulation offers Abort instead of Run, and cannot be edited.
    expect(within(second).queryByRole('button', { name: 'Run' })).toBeNull();
    expect((within(second).getByRole('button', { name: 'Edit' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(first).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/main/simulations/create-pipe?edit=${SIM_ID}`);

    fireEvent.click(within(first).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(calls.some((c) => pathOf(c) === `/api/v1/simulations/run/${SIM_ID}` && c.method === 'GET')).toBe(true));
    fireEvent.click(within(second).getByRole('button', { name: 'Abort' }));
    await waitFor(() => expect(calls.some((c) => pathOf(c) === `/api/v1/simulations/${rows[1]!.id}/abort` && c.method === 'POST')).toBe(true));

    fireEvent.click(within(first).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete simulation?' });
    expect(within(dialog).getByText('Cooling water line')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && pathOf(c) === `/api/v1/simulations/${SIM_ID}`)).toBe(true));
    await waitFor(() => expect(notifications.getState().queue.map((n) => n.content)).toContain('Simulation deleted'));
  });

  it('clones as a draft named Copy of …, with the stored parameters (a list leaves out long texts)', async () => {
    const stored = { ...rows[0]!.parameters, note: 'x'.repeat(9000) };
    const { calls } = server((call) => {
      if (call.method === 'GET' && pathOf(call) === `/api/v1/simulations/${SIM_ID}`) return { json: aSimulation({ parameters: stored }) };
      return call.method === 'POST' && pathOf(call) === '/api/v1/simulations/' ? { status: 201, json: aSimulation({ id: 'b0000000-0000-4000-8000-000000000001', title: 'Copy of Cooling water line', status: 'draft' }) } : undefined;
    });
    await authStore.init();
    renderApp('/main/simulations/all');
    const first = (await screen.findByRole('link', { name: 'Cooling water line' })).closest('tr')!;
    fireEvent.click(within(first).getByRole('button', { name: 'Clone' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toEqual({ title: 'Copy of Cooling water line', description: 'DN25 supply', type: 'CIRCULAR_PIPE', parameters: stored });
  });
});

describe('choosing runs to compare on the list', () => {
  const RETURN = 'c1c1c1c1-0000-4000-8000-000000000003';
  const ANNULUS = 'c1c1c1c1-0000-4000-8000-000000000004';
  const listed = [
    ...rows,
    aSimulation({ id: RETURN, title: 'Return line', current_run_id: RUN_2 }),
    aSimulation({ id: ANNULUS, title: 'Annulus', type: 'CIRCULAR_ANNULUS', current_run_id: 'd2d2d2d2-0000-4000-8000-000000000005' }),
  ];
  const listServer = () => server((call) => (pathOf(call) === '/api/v1/simulations/' && call.method === 'GET' ? { json: { data: listed, count: 57 } } : undefined));

  it('ticks rows with a run, compares their current runs from “Compare (n)”, and keeps the ticks across pages', async () => {
    listServer();
    await authStore.init();
    const app = renderApp('/main/simulations/all');
    const table = await screen.findByRole('table', { name: 'My simulations' });
    await within(table).findByRole('link', { name: 'Return line' });
    const compare = (n: number) => screen.getByText(`Compare (${n})`).closest('a')!;
    // Nothing ticked: the action is there but disabled.
    expect(compare(0).getAttribute('aria-disabled')).toBe('true');
    // A simulation that never ran has nothing to compare.
    expect((within(table).getByRole('checkbox', { name: 'Select Hot loop for comparison' }) as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select Cooling water line for comparison' }));
    expect(compare(1).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select Return line for comparison' }));
    expect(compare(2).getAttribute('aria-disabled')).not.toBe('true');
    expect(compare(2).getAttribute('href')).toBe(`/main/simulations/compare?runs=${SIM_ID}:${RUN_1},${RETURN}:${RUN_2}`);

    // Another page: the ticks stay.
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(app.location()).toBe('/main/simulations/all?page=2'));
    expect(screen.getByText('Compare (2)')).toBeTruthy();

    // Different types may be compared (the comparison page warns).
    fireEvent.click(within(screen.getByRole('table', { name: 'My simulations' })).getByRole('checkbox', { name: 'Select Annulus for comparison' }));
    expect(compare(3).getAttribute('href')).toContain(`${ANNULUS}:`);
    fireEvent.click(compare(3));
    await waitFor(() => expect(app.location()).toMatch(/^\/main\/simulations\/compare\?runs=/));
  });

  it('clears the ticks, and ticks every row with a run on the page at once', async () => {
    listServer();
    await authStore.init();
    renderApp('/main/simulations/all');
    const table = await screen.findByRole('table', { name: 'My simulations' });
    await within(table).findByRole('link', { name: 'Return line' });
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select every simulation on this page for comparison' }));
    expect(screen.getByText('Compare (3)')).toBeTruthy();
    expect((within(table).getByRole('checkbox', { name: 'Select Hot loop for comparison' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getByText('Compare (0)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear selection' })).toBeNull();
  });
});

describe('all simulations (admin)', () => {
  it('lists everyone’s simulations with the owner column and edits in the admin area', async () => {
    session.setProfile({ ...aUser, is_superuser: true });
    const { calls } = server();
    await authStore.init();
    renderApp('/main/admin/simulations/all?status=running');
    const table = await findTableWithColumns('All simulations', ['Owner']);
    expect((await within(table).findAllByText(aUser.email)).length).toBe(2);
    const call = calls.find((c) => pathOf(c) === '/api/v1/simulations/all')!;
    expect(queryOf(call).get('status')).toBe('running');
    expect(within(table).getAllByRole('link', { name: 'Edit' })[0]!.getAttribute('href')).toBe(`/main/admin/simulations/edit/${SIM_ID}`);
  });
});
