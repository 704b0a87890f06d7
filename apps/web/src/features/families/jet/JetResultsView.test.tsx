import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultParametersOf } from '@simforge/contracts';
import { ResultsPanel } from '../../simulations/view/ResultsPanel';
import { jetOutput } from '../shared/fixtures/jet-output';
import { renderWithProviders, RUN_1, serveResults, SIM_ID } from '../shared/fixtures/serveResults';
import { nusseltSpec, tracksSpec } from './jetCharts';

const TYPE = 'JET_WITH_PARTICLES_IMPINGING_SURFACE';
const parameters = { ...defaultParametersOf(TYPE)!, mesh_size: 'coarse' };
// The estimate endpoint's answer for these parameters (npx simforge estimate), Martin (1977).
const estimate = {
  type: TYPE,
  model: 'metamodel_estimate_v2: Martin (1977) single round nozzle, Marple & Willeke (1976) Stk50',
  results: { average_nusselt: { value: 104.77763455753662, unit: '', label: 'Average Nusselt number within r = 0.05 m (Martin 1977, based on D)' } },
  validity: [],
  inside_validity: true,
  expected_runtime_seconds: 20,
  elapsed_ms: 1,
};

afterEach(() => vi.unstubAllGlobals());

describe('jet results view', () => {
  it('draws the flow field with streamlines, the wall plots with Martin, the particles, and hides those results from the generic cards', async () => {
    const served = serveResults({ output: jetOutput, simulation: { family: 'jet', type: TYPE, parameters }, estimate });
    renderWithProviders(<ResultsPanel simulationId={SIM_ID} type={TYPE} runId={RUN_1} />);
    expect(await screen.findByTestId('jet-results', {}, { timeout: 10_000 })).toBeTruthy();
    const map = await screen.findByRole('img', { name: 'Velocity magnitude contour map' }, { timeout: 10_000 });
    expect(map).toBeTruthy();
    const overlays = screen.getAllByTestId('overlay-line');
    expect(overlays[0]!.getAttribute('d')!.length).toBeGreaterThan(100);
    expect(screen.getByTestId('colour-bar-title').textContent).toBe('m/s');

    for (const name of ['Nusselt number along the target', 'Pressure coefficient along the target', 'Particle tracks', 'Deposition along the target', 'Erosion along the target (Finnie 1960)', 'Residual history']) {
      expect(screen.getByRole('figure', { name })).toBeTruthy();
    }
    // 3 sampled tracks, all captured in this run
    expect(within(screen.getByRole('figure', { name: 'Particle tracks' })).getByText(/3 sampled tracks: 3 captured/)).toBeTruthy();
    // no generic card per track or for ψ
    expect(screen.queryByRole('figure', { name: /Particle track 1/ })).toBeNull();
    expect(screen.queryByRole('figure', { name: /stream function/i })).toBeNull();

    await waitFor(() => expect(served.calls.some((c) => c.method === 'POST' && c.path.endsWith('/metamodel_estimate_v2'))).toBe(true));
    const post = served.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ type: TYPE, parameters: { nozzle_to_plate_distance: 0.04 } });
    expect(await screen.findByText(/the estimate at r = 50\.0 mm, inside its validity range/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Temperature' }));
    expect(await screen.findByRole('img', { name: 'Temperature contour map' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('colour-bar-title').textContent).toBe('°C');
  }, 20_000);

  it('draws the axial and radial velocities in the flow field card the same way up as the rig, not as upright strips of their own', async () => {
    const speed = jetOutput.fields.velocity_magnitude;
    const output = {
      ...jetOutput,
      fields: {
        ...jetOutput.fields,
        axial_velocity: { ...speed, label: 'Axial velocity (towards the plate)' },
        radial_velocity: { ...speed, label: 'Radial velocity' },
        turbulent_viscosity: { ...speed, label: 'Turbulent viscosity ν_t', unit: 'm²/s' },
      },
    };
    serveResults({ output, simulation: { family: 'jet', type: TYPE, parameters }, estimate });
    renderWithProviders(<ResultsPanel simulationId={SIM_ID} type={TYPE} runId={RUN_1} />);
    const flow = await screen.findByRole('figure', { name: 'Flow field' }, { timeout: 10_000 });
    await within(flow).findByRole('img', { name: 'Velocity magnitude contour map' }, { timeout: 10_000 });
    fireEvent.click(within(flow).getByRole('button', { name: 'Axial velocity' }));
    expect(await within(flow).findByRole('img', { name: 'Axial velocity (towards the plate) contour map' }, { timeout: 10_000 })).toBeTruthy();
    // Mirrored about the axis with the plate at the bottom: s across, z up.
    expect(within(flow).getByRole('img', { name: 'Axial velocity (towards the plate) contour map' }).textContent).toContain('s (mm)');
    expect(within(flow).getByRole('button', { name: 'Radial velocity' })).toBeTruthy();
    expect(within(flow).getByRole('button', { name: 'Turbulent viscosity' })).toBeTruthy();
    for (const name of ['Axial velocity (towards the plate)', 'Radial velocity', 'Turbulent viscosity ν_t']) expect(screen.queryByRole('figure', { name })).toBeNull();
  }, 20_000);

  it('plots Nu against r/D with the Martin estimate at the averaging radius', () => {
    const spec = nusseltSpec({ nusselt: jetOutput.series.nusselt_number as never, martin: jetOutput.series.martin_average_nusselt as never, estimate: { value: 104.78, radius: 0.05 }, diameter: 0.02, round: true });
    expect(spec.x.label).toBe('r / D');
    expect(spec.curves.map((c) => c.name)).toEqual([
      'Local Nusselt number',
      'Area average within s',
      "Martin (1977), area average within s (solver's evaluation)",
      'Martin (1977) estimate at the averaging radius',
    ]);
    expect(spec.curves[3]!.points).toEqual([[2.5, 104.78]]);
    // x scaled by D: the first station of the solver's series
    expect(spec.curves[0]!.points[0]![0]).toBeCloseTo(jetOutput.series.nusselt_number.x.values[0] / 0.02, 12);
  });

  it('draws the tracks in the view frame: across in mm, height above the plate H − x', () => {
    const track = jetOutput.series.particle_track_1;
    const spec = tracksSpec({ tracks: [track as never], plate: 0.04, target: null });
    const first = spec.curves[0]!.points[0]!;
    expect(first[0]).toBeCloseTo(track.y[0]!.values[0]! * 1000, 9);
    expect(first[1]).toBeCloseTo((0.04 - track.x.values[0]!) * 1000, 9);
    expect(spec.curves[0]!.colour).toBe('#2e7d32'); // captured
    expect(spec.curves[1]!.name).toBe('Target surface');
  });
});
