import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { VerificationReport } from '@simforge/contracts';
import { pathOf, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { authStore } from '../../lib/authStore';
import { notifications } from '../../lib/notificationStore';

// The duct study ran at a commit of its own; the network study with uncommitted changes.
const ductRun = { commit: '3b40c74de6a3755b58a83dcd240ffb1f7a0b10e7', uncommitted_changes: false, ran_at: '2026-01-01T09:00:00.000Z', sources_hash: 'sha256:0123456789abcdef' };
const networkRun = { commit: 'beefbeefbeefbeefbeefbeefbeefbeefbeefbeef', uncommitted_changes: true, ran_at: '2026-01-02T09:30:00.000Z', sources_hash: 'sha256:fedcba9876543210' };

const report: VerificationReport = {
  generated_at: '2026-01-02T10:00:00.000Z',
  command: 'npm run verify',
  solvers_version: '0.1.0',
  models: [
    { model: 'duct-developing', types: ['CIRCULAR_ANNULUS', 'CIRCULAR_PIPE'] },
    { model: 'network-gga', types: ['PIPE_NETWORK'] },
  ],
  studies: [
    { file: 'src/physics/duct-developing/solver.test.ts', family: 'src/physics/duct-developing', passed: true, tests: { passed: 8, failed: 0, skipped: 1, todo: 0 }, duration_s: 12.5, ...ductRun },
    { file: 'src/physics/network/epanet-oracle.test.ts', family: 'src/physics/network', passed: false, tests: null, duration_s: null, ...networkRun },
  ],
  cases: [
    { id: 'duct-developing.f', model: 'duct-developing', kind: 'verification', compared: 'Fully developed f·Re', reference: 'Hagen-Poiseuille 64', value: 64.1, reference_value: 64, unit: '', error_kind: 'relative', tolerance: 0.005, error: 0.0016, passed: true, deviation: null, test: { file: 'src/physics/duct-developing/solver.test.ts', name: 'b' }, last_run: ductRun },
    { id: 'network-gga.h', model: 'network-gga', kind: 'verification', compared: 'Largest head difference', reference: 'EPANET 2.3', value: null, reference_value: null, unit: 'm', error_kind: 'absolute', tolerance: 0.01, error: 0.02, passed: false, deviation: null, test: { file: 'src/physics/network/epanet-oracle.test.ts', name: 'd' }, last_run: networkRun },
    { id: 'duct-developing.colebrook', model: 'duct-developing', kind: 'validation', compared: 'Friction factor at Re 1e5', reference: 'Colebrook-White 1939', value: 0.0182, reference_value: 0.018, unit: '', error_kind: 'relative', tolerance: 0.005, error: 0.0111, passed: false, deviation: 'The mixing length model lies above the correlation here.', test: { file: 'src/physics/duct-developing/solver.test.ts', name: 'c' }, last_run: ductRun },
    { id: 'duct-developing.sensitivity.flow', model: 'duct-developing', kind: 'sensitivity', compared: 'Flow rate ×2 → pressure drop', reference: 'Colebrook: ×3.5–4', value: 3.62, reference_value: 3.75, unit: '', error_kind: 'absolute', tolerance: 0.25, error: 0.13, passed: true, deviation: null, test: { file: 'src/physics/duct-developing/solver.test.ts', name: 'e' }, last_run: ductRun },
  ],
};

afterEach(() => notifications.clear());

describe('verification report page', () => {
  it('lists every model with its cases, tolerance, error and outcome, without sign-in', async () => {
    stubFetch((call) => (pathOf(call) === '/api/v1/verification-report' ? { json: report } : undefined));
    await authStore.init();
    renderApp('/verification');
    const duct = await screen.findByRole('region', { name: 'duct-developing' });
    const row = within(duct).getByText('Fully developed f·Re').closest('tr')!;
    expect(row.textContent).toContain('0.5 %');
    expect(row.textContent).toContain('0.16 %');
    expect(row.textContent).toContain('pass');
    const network = screen.getByRole('region', { name: 'network-gga' });
    expect(within(network).getByText('Largest head difference').closest('tr')!.textContent).toMatch(/0\.01 m.*0\.02 m.*fail/);
    expect(screen.getByText(/2 of 4 cases within tolerance, 1 documented deviation/)).toBeTruthy();
  });

  it('groups a model’s cases by kind and shows a documented deviation with its reason, not as a failure', async () => {
    stubFetch((call) => (pathOf(call) === '/api/v1/verification-report' ? { json: report } : undefined));
    await authStore.init();
    renderApp('/verification');
    const duct = await screen.findByRole('region', { name: 'duct-developing' });
    const validation = within(duct).getByRole('region', { name: /^Validation/ });
    const deviation = within(validation).getByText('Friction factor at Re 1e5').closest('tr')!;
    expect(deviation.textContent).toContain('documented deviation');
    expect(deviation.textContent).toContain('The mixing length model lies above the correlation here.');
    expect(deviation.textContent).not.toMatch(/\bfail\b/);
    const sensitivity = within(duct).getByRole('region', { name: /^Sensitivity/ });
    expect(within(sensitivity).getByText('Flow rate ×2 → pressure drop').closest('tr')!.textContent).toMatch(/3\.62 \/ 3\.75.*pass/);
    expect(within(duct).getByRole('region', { name: /^Verification/ })).toBeTruthy();
  });

  it('names for each case and each study the commit at which it last ran (a study runs again only when its sources change)', async () => {
    stubFetch((call) => (pathOf(call) === '/api/v1/verification-report' ? { json: report } : undefined));
    await authStore.init();
    renderApp('/verification');
    const duct = await screen.findByRole('region', { name: 'duct-developing' });
    expect(within(duct).getByText('Fully developed f·Re').closest('tr')!.textContent).toContain('commit 3b40c74de6 · 1 Jan 2026');
    const network = screen.getByRole('region', { name: 'network-gga' });
    expect(within(network).getByText('Largest head difference').closest('tr')!.textContent).toContain('commit beefbeefbe with uncommitted changes · 2 Jan 2026');
    const studies = screen.getByRole('region', { name: 'Verification studies' });
    const ductStudy = within(studies).getByText('src/physics/duct-developing/solver.test.ts').closest('tr')!;
    expect(ductStudy.textContent).toMatch(/8 passed, 1 skipped in 12\.5 s.*commit 3b40c74de6.*pass/);
    const networkStudy = within(studies).getByText('src/physics/network/epanet-oracle.test.ts').closest('tr')!;
    expect(networkStudy.textContent).toMatch(/not recorded.*commit beefbeefbe with uncommitted changes.*fail/);
  });

  it('?type= narrows it to the models of that type', async () => {
    stubFetch((call) => (pathOf(call) === '/api/v1/verification-report' ? { json: report } : undefined));
    await authStore.init();
    renderApp('/verification?type=pipe_network');
    expect(await screen.findByRole('region', { name: 'network-gga' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'duct-developing' })).toBeNull();
  });

  it('says so when the report has not been generated', async () => {
    stubFetch((call) => (pathOf(call) === '/api/v1/verification-report' ? { status: 404, json: { detail: 'The verification report has not been generated (run npm run verify)' } } : undefined));
    await authStore.init();
    renderApp('/verification');
    expect(await screen.findByText('The verification report has not been generated (run npm run verify)')).toBeTruthy();
  });
});
