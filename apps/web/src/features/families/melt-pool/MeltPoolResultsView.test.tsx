import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { defaultParametersOf } from '@simforge/contracts';
import { ResultsPanel } from '../../simulations/view/ResultsPanel';
import { meltPoolOutput } from '../shared/fixtures/melt-pool-output';
import { renderWithProviders, RUN_1, serveResults, SIM_ID } from '../shared/fixtures/serveResults';
import { meltPoolOutlines } from './meltPoolResults';

const TYPE = 'LASER_PLASMA_FLEXIBLE_PLATE';

afterEach(() => vi.unstubAllGlobals());

/** The results panel of a coarse run of TYPE whose solver wrote `output`, once the melt-pool view is up. */
async function showResults(output: Parameters<typeof serveResults>[0]['output']) {
  serveResults({ output, simulation: { family: 'melt-pool', type: TYPE, parameters: { ...defaultParametersOf(TYPE)!, mesh_size: 'coarse' } } });
  renderWithProviders(<ResultsPanel simulationId={SIM_ID} type={TYPE} runId={RUN_1} />);
  expect(await screen.findByTestId('melt-pool-results', {}, { timeout: 10_000 })).toBeTruthy();
}

describe('melt-pool results view', () => {
  it('shows the pool dimensions as cards, the temperature maps with the solidus outline and the G–R map', async () => {
    await showResults(meltPoolOutput);
    const pool = screen.getByRole('region', { name: 'Melt pool' });
    expect(within(pool).getByLabelText('Melt-pool width (solidus isotherm)').textContent).toMatch(/140\.04\s*µm/);
    expect(within(pool).getByLabelText('Melting regime').textContent).toContain('conduction');
    expect(within(screen.getByRole('region', { name: 'Plate deflection' })).getByLabelText('Maximum residual plate deflection')).toBeTruthy();

    const top = screen.getByRole('figure', { name: meltPoolOutput.fields.top_temperature.label });
    expect(await within(top).findByRole('img', { name: `${meltPoolOutput.fields.top_temperature.label} map` }, { timeout: 10_000 })).toBeTruthy();
    // 1674 K from the solver's label: 1,400.9 °C
    expect(within(top).getByRole('list', { name: 'Iso-lines' }).textContent).toContain('Melt-pool outline (solidus) 1,400.9 °C');
    expect(screen.getByRole('figure', { name: meltPoolOutput.fields.cross_section_temperature.label })).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Solidification map' })).toBeTruthy();
    // the thermal history stays with the generic series cards
    expect(screen.getByRole('figure', { name: meltPoolOutput.series.thermal_history.label })).toBeTruthy();
    expect(screen.queryByRole('figure', { name: meltPoolOutput.series.solidification_map.label })).toBeNull();
    // the deflection shape, warped in 3-D (jsdom has no WebGL: the note), the 2-D maps as generic cards
    const shape = screen.getByRole('figure', { name: 'Deflection shape' });
    expect(await within(shape).findByTestId('warp-factor', {}, { timeout: 10_000 })).toBeTruthy();
    // The note comes with the effect that finds no WebGL, a render after the card itself.
    expect(await within(shape).findByText(/needs WebGL 2/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('figure', { name: meltPoolOutput.fields.plate_deflection.label })).toBeTruthy();
  }, 20_000);
});

describe('melt-pool results view: the G–R regions', () => {
  it('a steel run (no Hunt constants of its own): no columnar/equiaxed classification, and it says so', async () => {
    await showResults(meltPoolOutput);
    const map = screen.getByRole('figure', { name: 'Solidification map' });
    expect(within(map).getByTestId('solidification-regions').textContent).toMatch(/No columnar\/equiaxed classification/);
    expect(map.textContent).not.toContain('CMSX-4');
  }, 20_000);

  it('an alloy with its own constants (CMSX-4): names them', async () => {
    const solidification_regions = { value: 'CMSX-4', unit: '', label: 'Columnar/equiaxed regions of the G–R map' };
    await showResults({ ...meltPoolOutput, summary: { ...meltPoolOutput.summary, solidification_regions } });
    const map = screen.getByRole('figure', { name: 'Solidification map' });
    expect(within(map).getByTestId('solidification-regions').textContent).toContain('Gäumann et al. 2001, CMSX-4');
  }, 20_000);
});

describe('meltPoolOutlines', () => {
  it('prefers a solidus (and liquidus) in the summary over the level named in the label', () => {
    const label = 'Top-surface temperature (melt-pool outline: the solidus isotherm 1674 K)';
    expect(meltPoolOutlines({}, label)).toEqual([{ level: 1674, label: 'Melt-pool outline (solidus)', colour: '#ff1744' }]);
    const summary = { solidus_temperature: { value: 1675.5, unit: 'K', label: 'Solidus' }, liquidus_temperature: { value: 1697.15, unit: 'K', label: 'Liquidus' } };
    expect(meltPoolOutlines(summary, label).map((l) => l.level)).toEqual([1675.5, 1697.15]);
    expect(meltPoolOutlines({}, 'Temperature')).toEqual([]);
  });
});
