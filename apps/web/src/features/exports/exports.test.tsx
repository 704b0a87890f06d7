import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, pathOf, queryOf } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { signedInForEachTest, stubApi, type Answer } from '../../test/signedIn';
import { authStore } from '../../lib/authStore';
import { aRun, aSimulation, RUN_1, SIM_ID } from '../simulations/testFixtures';
import { filenameOf } from './exportsApi';
import { importProblems } from './ImportDialog';
import { ApiError } from '../../lib/api';

const NEW_ID = '5f0e0c4c-2c8f-4f0e-9d9a-0d7f1f2b3c4d';

function server(extra: Answer) {
  return stubApi((call) => {
    const path = pathOf(call);
    if (path === '/api/v1/users/me') return { json: aUser };
    if (path === '/api/v1/simulations/') return { json: { data: [], count: 0 } };
    if (path === `/api/v1/simulations/${SIM_ID}`) return { json: aSimulation() };
    if (path === `/api/v1/simulations/${NEW_ID}`) return { json: aSimulation({ id: NEW_ID, title: 'Imported pipe', status: 'draft', current_run_id: null, summary: null }) };
    if (path === `/api/v1/simulations/${SIM_ID}/runs`) return { json: { data: [aRun()], count: 1 } };
    if (path.endsWith('/runs')) return { json: { data: [], count: 0 } };
    if (path === `/api/v1/simulations/${SIM_ID}/log`) return { json: { simulation_id: SIM_ID, run_id: RUN_1, lines: [] } };
    if (path === `/api/v1/simulations/${SIM_ID}/results`) {
      return {
        json: {
          simulation_id: SIM_ID,
          run_id: RUN_1,
          solver_version: 'x',
          summary: {},
          series: [{ name: 'pressure', label: 'Pressure along the pipe', x: { name: 'x', unit: 'm', label: 'x' }, y: [{ name: 'pressure', unit: 'Pa', label: 'p' }], length: 3 }],
          fields: [{ name: 'temperature', label: 'T', unit: 'K', shape: [2, 3], grid: { axes: [] }, byte_length: 24 }],
        },
      };
    }
    if (path.endsWith('/events')) return { status: 204 };
    return undefined;
  }, extra);
}

signedInForEachTest();
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('import on the list page', () => {
  it('sends the chosen file as text, lists the problems of a bad file by field, and opens the new simulation', async () => {
    let attempt = 0;
    const { calls } = server((call) => {
      if (call.method === 'POST' && pathOf(call) === '/api/v1/simulations/import') {
        attempt += 1;
        if (attempt === 1) return { status: 422, json: { detail: [{ loc: ['body', 'content', 'parameters', 'diameter'], msg: 'This field must be between 1 and 2000', type: 'range' }] } };
        return { status: 201, json: aSimulation({ id: NEW_ID, title: 'Imported pipe', status: 'draft', current_run_id: null, summary: null }) };
      }
      return undefined;
    });
    await authStore.init();
    const app = renderApp('/main/simulations/all');
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a simulation' });
    const content = JSON.stringify({ format: 'simforge-case', version: 1, type: 'CIRCULAR_PIPE', title: 'Imported pipe', parameters: { diameter: -1 } });
    fireEvent.change(within(dialog).getByLabelText('Case or .inp file'), { target: { files: [new File([content], 'pipe.json', { type: 'application/json' })] } });
    expect(within(dialog).getByTestId('import-file-name').textContent).toBe('pipe.json');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('content.parameters.diameter: This field must be between 1 and 2000');
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.body).toEqual({ file_name: 'pipe.json', content });
    expect(sent.headers.get('Authorization')).toBe('Bearer tok');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(app.location()).toBe(`/main/simulations/view/${NEW_ID}`));
  });

  it('a problem without a field path is shown as the detail sentence', () => {
    expect(importProblems(new ApiError(422, 'x', { detail: [{ loc: ['body'], msg: 'Bad' }] }))).toEqual(['Bad']);
    expect(importProblems(new ApiError(400, 'x', { detail: 'Nope' }))).toEqual(['Nope']);
  });
});

describe('exports on the view page', () => {
  it("lists the case, the report, each series and field of the run, and saves the server's file", async () => {
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (created.push(blob), 'blob:x'), revokeObjectURL: () => undefined }));
    const { calls } = server((call) => {
      if (pathOf(call) === `/api/v1/simulations/${SIM_ID}/export/series/pressure`) return { text: 'x [m],pressure [Pa]\r\n0,1\r\n', contentType: 'text/csv' };
      return undefined;
    });
    await authStore.init();
    renderApp(`/main/simulations/view/${SIM_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Export' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Case file')).toBeTruthy();
    expect(within(menu).getByText('Report')).toBeTruthy();
    expect(within(menu).queryByText('EPANET network')).toBeNull();
    fireEvent.click(await within(menu).findByText('Pressure along the pipe'));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(await created[0]!.text()).toBe('x [m],pressure [Pa]\r\n0,1\r\n');
    const download = calls.find((c) => pathOf(c).includes('/export/'))!;
    expect(download.headers.get('Authorization')).toBe('Bearer tok');
    expect(queryOf(download).get('run_id')).toBeNull();
    expect(within(menu).getByText('temperature')).toBeTruthy();
    expect(screen.getByTestId('verification-report-link').getAttribute('href')).toBe('/verification?type=CIRCULAR_PIPE');
  });

  it('takes the file name from Content-Disposition (UTF-8 first)', () => {
    expect(filenameOf(`attachment; filename="a.csv"; filename*=UTF-8''%C3%A4.csv`, 'f')).toBe('ä.csv');
    expect(filenameOf('attachment; filename="a.csv"', 'f')).toBe('a.csv');
    expect(filenameOf(null, 'f')).toBe('f');
  });
});
