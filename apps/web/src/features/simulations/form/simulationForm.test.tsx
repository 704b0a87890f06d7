import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, pathOf } from '../../../test/fetchStub';
import { renderApp } from '../../../test/renderApp';
import { session } from '../../../lib/session';
import { authStore } from '../../../lib/authStore';
import { signedInForEachTest, messageBeside, stubApi, type Answer } from '../../../test/signedIn';
import { aSimulation, anEstimate, savedDraftAnswer, SIM_ID } from '../testFixtures';

function server(extra?: Answer) {
  return stubApi((call) => {
    const path = pathOf(call);
    // The signed-in user as the session holds them (an admin for the admin area's edit screen).
    if (path === '/api/v1/users/me') return { json: session.getProfile() ?? aUser };
    if (path === '/api/v1/simulations/metamodel_estimate_v2') return { json: anEstimate };
    if (path === `/api/v1/simulations/${SIM_ID}` && call.method === 'GET') return { json: aSimulation() };
    return savedDraftAnswer(call);
  }, extra);
}

signedInForEachTest();

describe('create-pipe', () => {
  it('shows the family’s types, all available, the first selected', async () => {
    server();
    await authStore.init();
    renderApp('/main/simulations/create-pipe');
    const types = await screen.findByRole('list', { name: 'Simulation types' });
    expect(within(types).getByRole('button', { name: 'Circular pipe (CIRCULAR_PIPE)' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(types).queryAllByText('Coming soon')).toHaveLength(0);
    expect(within(types).getByRole('button', { name: 'Geothermal plant with storage (GEOTHERMAL_PLANT_TES)' })).toBeTruthy();
    expect(within(types).getByRole('button', { name: 'Circular annulus (CIRCULAR_ANNULUS)' })).toBeTruthy();
    expect(within(types).getByRole('button', { name: 'Pipe network (PIPE_NETWORK)' })).toBeTruthy();
  });

  it('generates the form in display units, with range messages, visibleWhen, and the estimate', async () => {
    const { calls } = server();
    await authStore.init();
    renderApp('/main/simulations/create-pipe');
    const diameter = (await screen.findByLabelText('Inner diameter')) as HTMLInputElement;
    expect(diameter.value).toBe('25');
    expect(within(diameter.closest('.MuiInputBase-root') as HTMLElement).getByText('mm')).toBeTruthy();
    expect((screen.getByLabelText('Inlet temperature') as HTMLInputElement).value).toBe('20');
    expect((screen.getByLabelText('Inlet pressure (absolute)') as HTMLInputElement).value).toBe('3');
    expect((screen.getByLabelText('Volume flow rate') as HTMLInputElement).value).toBe('0.5');
    expect(messageBeside('Inner diameter')).toBe('Range 1 – 2000 mm');

    await userEvent.clear(diameter);
    await userEvent.type(diameter, '0.5');
    await waitFor(() => expect(messageBeside('Inner diameter')).toBe('This field must be between 1 and 2000'));
    await userEvent.clear(diameter);
    await waitFor(() => expect(messageBeside('Inner diameter')).toBe('This field is required'));
    await userEvent.type(diameter, '40');

    // The wall temperature appears only for a fixed wall temperature.
    expect(screen.queryByLabelText('Wall temperature')).toBeNull();
    fireEvent.mouseDown(screen.getByLabelText('Thermal condition'));
    fireEvent.click(await screen.findByRole('option', { name: 'Fixed wall temperature' }));
    const wall = (await screen.findByLabelText('Wall temperature')) as HTMLInputElement;
    expect(wall.value).toBe('60');

    // The estimate is asked once typing settles, with SI parameters; its answer is shown with units.
    await waitFor(() => expect(calls.some((c) => pathOf(c) === '/api/v1/simulations/metamodel_estimate_v2' && (c.body as { parameters: { diameter: number } }).parameters.diameter === 0.04)).toBe(true));
    const estimate = screen.getByRole('complementary', { name: 'Fast estimate' });
    expect(await within(estimate).findByText('metamodel_estimate_v2: Colebrook-White, fully developed')).toBeTruthy();
    expect(within(estimate).getByText('5.8746 kPa')).toBeTruthy();
    expect(within(estimate).getByText('20 °C')).toBeTruthy();
    expect(within(estimate).getByTestId('expected-runtime').textContent).toBe('0.07 s');
    // The wall change is asked once its own debounce ends (the diameter's answer can come first on a slow machine).
    const last = () => calls.filter((c) => pathOf(c) === '/api/v1/simulations/metamodel_estimate_v2').at(-1)!;
    await waitFor(() => expect((last().body as { parameters: { wall: unknown } }).parameters.wall).toEqual({ condition: 'temperature', temperature: 333.15 }));
  });

  it('creates with SI parameters and opens the new simulation; Create and run also runs it', async () => {
    const { calls } = server((call) => (pathOf(call) === `/api/v1/simulations/run/${SIM_ID}` ? { status: 202, json: aSimulation({ status: 'queued', progress: 0, summary: null }) } : undefined));
    await authStore.init();
    const app = renderApp('/main/simulations/create-pipe');
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    await waitFor(() => expect(messageBeside('Title')).toBe('This field is required'));
    expect(calls.some((c) => c.method === 'POST' && pathOf(c) === '/api/v1/simulations/')).toBe(false);

    await userEvent.type(screen.getByLabelText('Title'), 'Heated line');
    await userEvent.clear(screen.getByLabelText('Length'));
    await userEvent.type(screen.getByLabelText('Length'), '12.5');
    fireEvent.click(screen.getByRole('button', { name: 'Create and run' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/main/simulations/view/${SIM_ID}`));
    const post = calls.find((c) => c.method === 'POST' && pathOf(c) === '/api/v1/simulations/')!;
    expect(post.body).toMatchObject({ title: 'Heated line', description: null, type: 'CIRCULAR_PIPE', parameters: { length: 12.5, diameter: 0.025, inlet_temperature: 293.15, wall: { condition: 'adiabatic' } } });
    expect(calls.some((c) => pathOf(c) === `/api/v1/simulations/run/${SIM_ID}`)).toBe(true);
  });

  it('puts the server’s 422 messages on the named fields', async () => {
    server((call) =>
      call.method === 'POST' && pathOf(call) === '/api/v1/simulations/'
        ? { status: 422, json: { detail: [{ loc: ['body', 'parameters', 'roughness'], msg: 'Roughness at most 5 % of the diameter', type: 'custom' }] } }
        : undefined,
    );
    await authStore.init();
    const app = renderApp('/main/simulations/create-pipe');
    await userEvent.type(await screen.findByLabelText('Title'), 'Rough');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(messageBeside('Wall roughness')).toBe('Roughness at most 5 % of the diameter'));
    expect(app.router.state.location.pathname).toBe('/main/simulations/create-pipe');
  });

  it('the jet family lists its four types, none coming soon, with a form', async () => {
    server();
    await authStore.init();
    renderApp('/main/simulations/create-jet');
    await screen.findByRole('heading', { name: 'Create jet simulation', level: 1 });
    const types = await screen.findByRole('list', { name: 'Simulation types' });
    expect(within(types).getAllByRole('button')).toHaveLength(4);
    expect(screen.queryAllByText('Coming soon')).toHaveLength(0);
    expect(await screen.findByRole('button', { name: 'Create' })).toBeTruthy();
  });
});

describe('edit', () => {
  it('loads the simulation into the form (display units) and saves with its revision', async () => {
    const { calls } = server((call) => (call.method === 'PUT' ? { json: aSimulation({ ...(call.body as object), status: 'draft', revision: 5 }) } : undefined));
    await authStore.init();
    const app = renderApp(`/main/simulations/create-pipe?edit=${SIM_ID}`);
    await screen.findByRole('heading', { name: 'Edit simulation', level: 1 });
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Cooling water line'));
    expect((screen.getByLabelText('Inner diameter') as HTMLInputElement).value).toBe('25');
    await userEvent.clear(screen.getByLabelText('Inner diameter'));
    await userEvent.type(screen.getByLabelText('Inner diameter'), '32');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/main/simulations/view/${SIM_ID}`));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ title: 'Cooling water line', description: 'DN25 supply', revision: 4, parameters: { diameter: 0.032 } });
  });

  it('a running simulation cannot be edited: the form says why and is read-only', async () => {
    session.setProfile({ ...aUser, is_superuser: true }); // the admin area's edit screen
    server((call) => (pathOf(call) === `/api/v1/simulations/${SIM_ID}` ? { json: aSimulation({ status: 'running', progress: 0.3 }) } : undefined));
    await authStore.init();
    renderApp(`/main/admin/simulations/edit/${SIM_ID}`);
    expect(await screen.findByText(/queued or running: abort it or wait/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('an unknown id shows Simulation not found', async () => {
    session.setProfile({ ...aUser, is_superuser: true }); // the admin area's edit screen
    server((call) => (pathOf(call) === `/api/v1/simulations/${SIM_ID}` ? { status: 404, json: { detail: 'Simulation not found' } } : undefined));
    await authStore.init();
    renderApp(`/main/admin/simulations/edit/${SIM_ID}`);
    expect(await screen.findByRole('heading', { name: 'Simulation not found' })).toBeTruthy();
  });
});
