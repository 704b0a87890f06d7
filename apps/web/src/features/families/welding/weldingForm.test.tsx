import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultParametersOf, simulationCatalogue } from '@simforge/contracts';
import { aUser, pathOf, type StubbedCall } from '../../../test/fetchStub';
import { renderApp } from '../../../test/renderApp';
import { authStore } from '../../../lib/authStore';
import { signedInForEachTest, messageBeside, stubApi, type Answer } from '../../../test/signedIn';
import { aSimulation, savedDraftAnswer, SIM_ID } from '../../simulations/testFixtures';
import { rootFaceMessage, singleVPreview, weldingEstimate } from './weldingFixtures';

const ESTIMATE = '/api/v1/simulations/metamodel_estimate_v2';

function server(extra?: Answer) {
  return stubApi((call) => {
    const path = pathOf(call);
    if (path === '/api/v1/users/me') return { json: aUser };
    if (path === ESTIMATE) return weldingEstimate(call.body);
    return savedDraftAnswer(call, { family: 'cwm' });
  }, extra);
}

type EstimateBody = { parameters: { geometry: { thickness: number }; cross_section?: { parts: { points: [number, number][]; filler: boolean }[]; weld_lines?: unknown } } };
const estimateBodies = (calls: StubbedCall[]) => calls.filter((c) => pathOf(c) === ESTIMATE).map((c) => c.body as EstimateBody);
const preview = () => screen.getByTestId('cross-section-preview');

/** The screen is lazy-loaded: the first render in a worker can take a while on a loaded machine. */
async function open(address: string) {
  const app = renderApp(address);
  await screen.findByRole('heading', { level: 1 }, { timeout: 30_000 });
  return app;
}

/** Types a value into a field at once (one change event, as a paste would). */
function setField(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

// Rendering the create screen with its dialog takes seconds on a loaded machine; each estimate
// waits for the 400 ms debounce and a render.
const SLOW = 90_000;
const until = (check: () => void) => waitFor(check, { timeout: 15_000 });

/** The create screen of a butt weld, once the estimate's cross-section is drawn. */
async function openButtWeldWithPreview() {
  await authStore.init();
  const app = await open('/main/simulations/create?type=BUTT_WELD');
  await until(() => expect(preview().getAttribute('data-status')).toBe('current'));
  return app;
}

let consoleErrors: ReturnType<typeof vi.spyOn>;
signedInForEachTest();
beforeEach(() => {
  consoleErrors = vi.spyOn(console, 'error');
});
afterEach(() => {
  // No React warnings (keys, act, DOM nesting, unknown props) while the welding form is used.
  expect(consoleErrors).not.toHaveBeenCalled();
});

describe('welding create screen', () => {
  it('pictures each of the ten joints on its type card', async () => {
    server();
    await authStore.init();
    await open('/main/simulations/create');
    await screen.findByRole('heading', { name: 'Joint type' });
    const types = screen.getByRole('list', { name: 'Simulation types' });
    const joints = simulationCatalogue.filter((e) => e.family === 'cwm');
    expect(joints).toHaveLength(10);
    for (const joint of joints) {
      const card = within(types).getByRole('button', { name: `${joint.label} (${joint.type})` });
      const drawing = within(card).getByRole('img', { name: `${joint.label}: joint drawing` });
      expect(drawing.tagName.toLowerCase()).toBe('svg');
      expect(drawing.querySelectorAll('[data-part="bead"]').length).toBeGreaterThan(0);
      expect(within(card).getByText(joint.type)).toBeTruthy();
    }
  }, SLOW);

  it('redraws the cross-section from the estimate as the dimensions change, and keeps the last valid one greyed when the server refuses one', async () => {
    const { calls } = server();
    await openButtWeldWithPreview();
    expect(preview().getAttribute('aria-label')).toBe('Cross-section preview: 2 base-metal parts, 1 bead; plate thickness 12 mm, angle 60°');
    expect(within(preview()).getByText('12 mm')).toBeTruthy();
    expect(within(preview()).queryByText(/^gap /)).toBeNull(); // a closed root: no gap to dimension
    expect(within(preview()).getByText('60°')).toBeTruthy();
    expect(within(preview()).getByText('Torch')).toBeTruthy();
    expect(screen.getByTestId('torch-0').getAttribute('data-direction')).toBe('0.000,-1.000');
    expect(screen.getByTestId('cross-section-summary').textContent).toBe('Section 150 × 12 mm (y × z), bead area 20.8 mm², torch 0° from vertical');

    setField('Plate thickness', '16');
    setField('Groove angle', '50');
    await until(() => expect(estimateBodies(calls).some((b) => b.parameters.geometry.thickness === 0.016)).toBe(true));
    await until(() => expect(preview().getAttribute('aria-label')).toContain('plate thickness 16 mm, angle 50°'));
    expect(preview().getAttribute('data-status')).toBe('current');

    // Root face 14 mm > 12 mm: inside the field's own range, refused by the solver's geometry check.
    setField('Plate thickness', '10');
    setField('Root face', '12');
    await until(() => expect(messageBeside('Root face')).toBe(rootFaceMessage));
    expect(preview().getAttribute('data-status')).toBe('invalid');
    // The last section the server accepted stays on screen.
    expect(preview().getAttribute('aria-label')).toContain('plate thickness 16 mm');
    expect(screen.getByTestId('cross-section-stale').textContent).toMatch(/last valid cross-section/);
    expect(within(screen.getByRole('complementary', { name: 'Fast estimate' })).getByText(/its messages are beside the fields/)).toBeTruthy();

    setField('Root face', '2');
    await until(() => expect(preview().getAttribute('data-status')).toBe('current'));
    expect(messageBeside('Root face')).toBe('Range 0 – 50 mm');
    expect(preview().getAttribute('aria-label')).toContain('plate thickness 10 mm');
  }, SLOW);

  it('shows the heat input η·U·I/v beside the process values in kJ/mm', async () => {
    server();
    await authStore.init();
    await open('/main/simulations/create?type=BUTT_WELD');
    const heat = await screen.findByTestId('heat-input');
    await until(() => expect(heat.textContent).toContain('(from the fast estimate)'));
    expect(within(heat).getByTestId('heat-input-value').textContent).toBe('1.493 kJ/mm');
    expect(heat.textContent).toContain('η·U·I/v = 0.8 × 33.5 V × 325 A ÷ 5.8333 mm/s');
    // Typing updates it at once (computed in the form), then from the estimate.
    setField('Welding current', '250');
    setField('Travel speed', '5');
    expect(within(heat).getByTestId('heat-input-value').textContent).toBe('1.34 kJ/mm');
    expect(heat.textContent).toContain('0.8 × 33.5 V × 250 A ÷ 5 mm/s');
    await until(() => expect(heat.textContent).toContain('(from the fast estimate)'));
    expect(within(heat).getByTestId('heat-input-value').textContent).toBe('1.34 kJ/mm');
    setField('Travel speed', '');
    expect(heat.textContent).toContain('enter the process values');
  }, SLOW);

  it('gives the expected run time of the mesh preset, and of each preset beside its option', async () => {
    const { calls } = server();
    await authStore.init();
    await open('/main/simulations/create?type=BUTT_WELD');
    await until(() => expect(messageBeside('Mesh')).toBe('Expected run time ≈ 15 s'));
    fireEvent.mouseDown(screen.getByLabelText('Mesh'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: /Coarse \(fast preview\)/ }).textContent).toBe('Coarse (fast preview)≈ 5 s');
    expect(within(listbox).getByRole('option', { name: /^Default/ }).textContent).toBe('Default≈ 15 s');
    fireEvent.click(within(listbox).getByRole('option', { name: /Fine \(slow\)/ }));
    await until(() => expect(messageBeside('Mesh')).toBe('Expected run time ≈ 3 min'));
    // The field shows the preset's label only.
    expect(screen.getByLabelText('Mesh').textContent).toBe('Fine (slow)');
    await until(() => expect(calls.some((c) => pathOf(c) === ESTIMATE && (c.body as { parameters: { mesh_size: string } }).parameters.mesh_size === 'fine')).toBe(true));
    // The panel shows the fine preset's answer once it has arrived (the request is sent first).
    await until(() => expect(within(screen.getByRole('complementary', { name: 'Fast estimate' })).getByTestId('expected-runtime').textContent).toBe('3 min'));
  }, SLOW);

  it('designs a custom cross-section from the joint’s section, sends it in metres, and goes back to the parametric joint', async () => {
    const { calls } = server();
    const app = await openButtWeldWithPreview();
    expect(screen.getByTestId('cross-section-kind').textContent).toBe('Parametric joint');
    expect(screen.queryByRole('button', { name: 'Use the parametric joint' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Design cross-section' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cross-section designer' });
    // Prefilled with the joint's section, in mm: the left plate starts at y = −75 mm (a closed root).
    expect((within(dialog).getByLabelText('Point 1 y (mm)') as HTMLInputElement).value).toBe('-75');
    expect(within(dialog).getAllByRole('radio')).toHaveLength(3);
    // Make the left plate's outer edge 50 mm from the joint instead of 75 mm.
    fireEvent.change(within(dialog).getByLabelText('Point 1 y (mm)'), { target: { value: '-50' } });
    fireEvent.change(within(dialog).getByLabelText('Point 5 y (mm)'), { target: { value: '-50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this cross-section' }));
    await until(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(screen.getByTestId('cross-section-kind').textContent).toBe('Custom section');
    await until(() => expect(estimateBodies(calls).some((b) => b.parameters.cross_section !== undefined)).toBe(true));
    const sent = estimateBodies(calls).find((b) => b.parameters.cross_section)!.parameters.cross_section!;
    const joint = singleVPreview({ thickness: 0.012, width: 0.075, gap: 0, groove_angle: Math.PI / 3, root_face: 0.006 });
    expect(sent.parts.map((p) => p.filler)).toEqual([false, false, true]);
    expect(sent.parts[0]!.points[0]).toEqual([-0.05, 0]);
    expect(sent.parts[0]!.points[1]).toEqual([0, 0]);
    expect(sent.parts[2]!.points).toHaveLength(joint.parts[2]!.points.length);
    // The joint's torch is kept: it still aims inside the section.
    expect(sent.weld_lines).toEqual(joint.weld_lines);
    await until(() => expect(screen.getByTestId('cross-section-summary').textContent).toMatch(/^Section 125 × 12 mm/));
    expect(preview().getAttribute('aria-label')).toContain('width 125 mm, height 12 mm');

    // Creating sends it with the other parameters.
    setField('Title', 'Drawn V');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await until(() => expect(app.router.state.location.pathname).toBe(`/main/simulations/view/${SIM_ID}`));
    const post = calls.find((c) => c.method === 'POST' && pathOf(c) === '/api/v1/simulations/')!;
    expect((post.body as EstimateBody).parameters.cross_section).toEqual(sent);
  }, SLOW);

  it('“Use the parametric joint” removes the custom section', async () => {
    const { calls } = server();
    await openButtWeldWithPreview();
    fireEvent.click(screen.getByRole('button', { name: 'Design cross-section' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Use this cross-section' }));
    await until(() => expect(estimateBodies(calls).at(-1)?.parameters.cross_section).toBeDefined());
    const before = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Use the parametric joint' }));
    expect(screen.getByTestId('cross-section-kind').textContent).toBe('Parametric joint');
    // Back to the joint's own section (its estimate is still cached: no call needed).
    await until(() => expect(preview().getAttribute('aria-label')).toContain('plate thickness 12 mm, angle 60°'));
    expect(preview().getAttribute('data-status')).toBe('current');
    expect(estimateBodies(calls.slice(before)).every((b) => b.parameters.cross_section === undefined)).toBe(true);
  }, SLOW);

  it('shows the server’s message about a custom section in the cross-section card', async () => {
    const bowTie = { parts: [{ points: [[0, 0], [0.01, 0.01], [0.01, 0], [0, 0.01]] as [number, number][], filler: false }] };
    server((call) =>
      pathOf(call) === ESTIMATE && (call.body as EstimateBody).parameters.cross_section
        ? { status: 422, json: { detail: [{ loc: ['body', 'parameters', 'cross_section', 'parts', 0, 'points'], msg: 'This field is invalid: must not intersect itself', type: 'solver' }] } }
        : pathOf(call) === `/api/v1/simulations/${SIM_ID}`
          ? { json: aSimulation({ family: 'cwm', type: 'BUTT_WELD', title: 'Bow tie', parameters: { ...defaultParametersOf('BUTT_WELD')!, cross_section: bowTie } }) }
          : undefined,
    );
    await authStore.init();
    await open(`/main/simulations/create?edit=${SIM_ID}`);
    await screen.findByRole('heading', { name: 'Edit simulation', level: 1 });
    expect(await screen.findByTestId('cross-section-kind')).toHaveProperty('textContent', 'Custom section');
    expect((await screen.findByTestId('cross-section-errors')).textContent).toBe('Part 1: This field is invalid: must not intersect itself');
    expect(screen.getByText('No preview: correct the highlighted fields.')).toBeTruthy();
  }, SLOW);
});

describe('welding edit screen', () => {
  it('loads a custom section into the same form, previews it and saves it back', async () => {
    const drawn = singleVPreview({ thickness: 0.008, width: 0.03, gap: 0.002, groove_angle: Math.PI / 2, root_face: 0.001 });
    const cross_section = { parts: drawn.parts };
    const { calls } = server((call) => {
      if (pathOf(call) !== `/api/v1/simulations/${SIM_ID}`) return undefined;
      if (call.method === 'PUT') return { json: aSimulation({ ...(call.body as object), family: 'cwm', type: 'BUTT_WELD', status: 'draft', revision: 5 }) };
      return { json: aSimulation({ family: 'cwm', type: 'BUTT_WELD', title: 'Drawn joint', parameters: { ...defaultParametersOf('BUTT_WELD')!, cross_section } }) };
    });
    await authStore.init();
    const app = await open(`/main/simulations/create?edit=${SIM_ID}`);
    await screen.findByRole('heading', { name: 'Edit simulation', level: 1 });
    await until(() => expect(preview().getAttribute('data-status')).toBe('current'));
    expect(screen.getByTestId('cross-section-kind').textContent).toBe('Custom section');
    expect(preview().getAttribute('aria-label')).toContain('width 62 mm, height 8 mm');
    expect(estimateBodies(calls)[0]!.parameters.cross_section).toEqual(cross_section);
    expect(within(screen.getByTestId('heat-input')).getByTestId('heat-input-value').textContent).toBe('1.493 kJ/mm');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await until(() => expect(app.router.state.location.pathname).toBe(`/main/simulations/view/${SIM_ID}`));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect((put.body as EstimateBody).parameters.cross_section).toEqual(cross_section);
  }, SLOW);
});
