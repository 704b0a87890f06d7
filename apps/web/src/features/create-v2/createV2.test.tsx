import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { simulationCatalogue } from '@simforge/contracts';
import { aUser, pathOf } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { setActiveUnitSystem } from '../../lib/unitSystems';
import { authStore } from '../../lib/authStore';
import { signedInForEachTest, stubApi, type Answer } from '../../test/signedIn';
import { aSimulation, anEstimate, savedDraftAnswer, SIM_ID } from '../simulations/testFixtures';

const ESTIMATE = '/api/v1/simulations/metamodel_estimate_v2';
const BASE = '/main/simulations/create-v2';

function server(extra?: Answer) {
  return stubApi((call) => {
    const path = pathOf(call);
    if (path === '/api/v1/users/me') return { json: aUser };
    if (path === ESTIMATE) return { json: anEstimate };
    if (path === `/api/v1/simulations/${SIM_ID}`) return { json: aSimulation() };
    return savedDraftAnswer(call);
  }, extra);
}

// The first render of a lazy MUI route takes seconds while other suites share the two cores.
const FIRST = { timeout: 30_000 };
const SLOW = 60_000;
const valueOf = (el: HTMLElement) => (el as HTMLInputElement).value;
const step = () => screen.getByTestId('create-v2-step').textContent;
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

signedInForEachTest();
afterEach(() => {
  setActiveUnitSystem('metric', { persist: false });
});

describe('create-v2: choosing what to create', () => {
  it('starts with the families and goes on to the types of the chosen one, keeping the query', async () => {
    server();
    await authStore.init();
    const app = renderApp(`${BASE}?diameter=0.04`);
    fireEvent.click(await screen.findByRole('link', { name: 'Pipe flow (pipe)' }, FIRST));
    await waitFor(() => expect(app.location()).toBe(`${BASE}/pipe?diameter=0.04`));
    const list = await screen.findByRole('list', { name: 'Pipe flow types' });
    const comingSoon = simulationCatalogue.find((e) => e.family === 'pipe' && !e.available);
    if (comingSoon) expect(within(list).getByRole('button', { name: `${comingSoon.label}: coming soon` }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(list).getByRole('link', { name: 'Choose Circular pipe' }));
    await waitFor(() => expect(app.location()).toBe(`${BASE}/pipe/CIRCULAR_PIPE?diameter=0.04`));
    expect(valueOf(await screen.findByLabelText('Inner diameter', {}, FIRST))).toBe('40');
  }, SLOW);

  it('names an unknown family or type and shows the catalogue', async () => {
    server();
    await authStore.init();
    renderApp(`${BASE}/plasma`);
    expect((await screen.findByRole('alert', {}, FIRST)).textContent).toContain('Unknown simulation family or type: plasma. Choose one from the catalogue.');
    expect(screen.getByRole('list', { name: 'Simulation families' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Welding types' })).toBeTruthy();
  }, SLOW);

  it('opens a type named alone, in lower case', async () => {
    server();
    await authStore.init();
    renderApp(`${BASE}/circular_annulus`);
    expect(await screen.findByRole('heading', { name: 'Geometry' }, FIRST)).toBeTruthy();
    expect(screen.getByLabelText('Inner diameter')).toBeTruthy();
    expect(screen.getByRole('img', { name: /Section: outer/ })).toBeTruthy();
  }, SLOW);
});

describe('create-v2: the steps of a type', () => {
  it('checks each step with the spec messages, reviews every value and creates', async () => {
    const { calls } = server();
    await authStore.init();
    const app = renderApp(`${BASE}/pipe/CIRCULAR_PIPE?diameter=0.05&title=Loop%20A`);
    const diameter = await screen.findByLabelText('Inner diameter', {}, FIRST);
    expect(valueOf(diameter)).toBe('50');
    fireEvent.change(diameter, { target: { value: '0' } });
    next();
    expect(await screen.findByText(/This field must be between 1 and/)).toBeTruthy();
    expect(step()).toBe('Geometry');
    fireEvent.change(diameter, { target: { value: '40' } });
    next();
    await waitFor(() => expect(step()).toBe('Material and process'));
    // The live estimate: model, validity, run time.
    expect((await screen.findByTestId('estimate-model')).textContent).toContain('Colebrook-White');
    next();
    await waitFor(() => expect(step()).toBe('Mesh and run settings'));
    next();
    await waitFor(() => expect(step()).toBe('Review'));
    const geometry = screen.getByRole('table', { name: 'Review: Geometry' });
    const row = within(geometry).getByText('Inner diameter').closest('tr')!;
    expect(row.textContent).toContain('40');
    expect(row.textContent).toContain('mm');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Loop A');
    await waitFor(() => expect(screen.getByTestId('review-runtime').textContent).toContain('0.07 s'));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(app.location()).toBe(`/main/simulations/view/${SIM_ID}`));
    const post = calls.find((c) => c.method === 'POST' && pathOf(c) === '/api/v1/simulations/')!;
    expect(post.body).toMatchObject({ title: 'Loop A', type: 'CIRCULAR_PIPE', parameters: { diameter: 0.04 } });
    // Estimates were asked with SI values.
    expect(calls.some((c) => pathOf(c) === ESTIMATE && (c.body as { parameters: { diameter: number } }).parameters.diameter === 0.04)).toBe(true);
  }, SLOW);

  it('switches the unit system and still sends SI', async () => {
    const { calls } = server();
    await authStore.init();
    renderApp(`${BASE}/pipe/CIRCULAR_PIPE?diameter=0.0508`);
    expect(valueOf(await screen.findByLabelText('Inner diameter', {}, FIRST))).toBe('50.8');
    fireEvent.click(screen.getByRole('button', { name: 'US customary' }));
    await waitFor(() => expect((screen.getByLabelText('Inner diameter') as HTMLInputElement).value).toBe('2'));
    expect(screen.getByLabelText('Inner diameter').closest('.MuiInputBase-root')!.textContent).toContain('in');
    for (let i = 0; i < 3; i++) next();
    await waitFor(() => expect(step()).toBe('Review'));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && pathOf(c) === '/api/v1/simulations/')).toBe(true));
    const post = calls.find((c) => c.method === 'POST' && pathOf(c) === '/api/v1/simulations/')!;
    expect((post.body as { parameters: { diameter: number } }).parameters.diameter).toBe(0.0508);
  }, SLOW);

  it('starts from an existing simulation (?from=) titled as a copy', async () => {
    server((call) => (pathOf(call) === `/api/v1/simulations/${SIM_ID}` ? { json: aSimulation({ parameters: { ...aSimulation().parameters, diameter: 0.032 } }) } : undefined));
    await authStore.init();
    renderApp(`${BASE}/pipe/CIRCULAR_PIPE?from=${SIM_ID}`);
    expect(valueOf(await screen.findByLabelText('Inner diameter', {}, FIRST))).toBe('32');
    expect(screen.getByText(/Starting from “Cooling water line”/)).toBeTruthy();
    for (let i = 0; i < 3; i++) next();
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Copy of Cooling water line'));
  }, SLOW);

  it('"Create and run" creates then runs', async () => {
    const { calls } = server((call) => (pathOf(call) === `/api/v1/simulations/run/${SIM_ID}` ? { status: 202, json: aSimulation({ status: 'queued' }) } : undefined));
    await authStore.init();
    const app = renderApp(`${BASE}/pipe/CIRCULAR_PIPE`);
    await screen.findByLabelText('Inner diameter', {}, FIRST);
    for (let i = 0; i < 3; i++) next();
    await waitFor(() => expect(step()).toBe('Review'));
    fireEvent.click(screen.getByRole('button', { name: 'Create and run' }));
    await waitFor(() => expect(app.location()).toBe(`/main/simulations/view/${SIM_ID}`));
    expect(calls.some((c) => pathOf(c) === `/api/v1/simulations/run/${SIM_ID}`)).toBe(true);
  }, SLOW);

  it('opens in the unit system saved with the user and saves a new choice', async () => {
    const { calls } = server((call) => (pathOf(call) === '/api/v1/users/me/preferences' ? { json: call.method === 'PUT' ? call.body : { unit_system: 'us' } } : undefined));
    await authStore.init();
    renderApp(`${BASE}/pipe/CIRCULAR_PIPE?diameter=0.0508`);
    await waitFor(() => expect(valueOf(screen.getByLabelText('Inner diameter'))).toBe('2'), FIRST);
    fireEvent.click(screen.getByRole('button', { name: 'SI' }));
    await waitFor(() => expect(valueOf(screen.getByLabelText('Inner diameter'))).toBe('0.0508'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && pathOf(c) === '/api/v1/users/me/preferences' && (c.body as { unit_system: string }).unit_system === 'si')).toBe(true));
  }, SLOW);

  it('shows a weld joint with its cross-section preview in the geometry step and the process values after it', async () => {
    server();
    await authStore.init();
    renderApp(`${BASE}/CWM/butt_weld`);
    expect(await screen.findByRole('region', { name: 'Cross-section' }, FIRST)).toBeTruthy();
    expect(screen.getByText('Joint geometry', { selector: 'legend' })).toBeTruthy();
    next();
    await waitFor(() => expect(step()).toBe('Material and process'));
    expect(screen.getByLabelText('Material')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Cross-section' })).toBeNull();
  }, SLOW);
});
