import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { pathOf, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { authStore } from '../auth/authStore';

const healthy = { status: 'ok', database: { ok: true, kind: 'postgres', latency_ms: 0.8 }, version: '0.1.0' };

describe('service status page', () => {
  it('shows the database, the simulation queue and the busy workers', async () => {
    stubFetch((call) =>
      pathOf(call) === '/api/v1/utils/health-check'
        ? {
            json: {
              ...healthy,
              jobs: {
                queued: 3,
                running: 2,
                workers: [{ id: 'calc-1:4242:ab12', running: 2, last_heartbeat: '2026-11-21T15:00:00.000Z' }],
                this_process: { executes_simulations: false, concurrency: 0 },
              },
            },
          }
        : undefined,
    );
    await authStore.init();
    renderApp('/status');
    expect(await screen.findByText('3 queued, 2 running')).toBeTruthy();
    expect(screen.getByText('only queues simulations (worker processes execute them)')).toBeTruthy();
    expect(screen.getByText(/calc-1:4242:ab12: 2 running/)).toBeTruthy();
    expect(screen.getByText('postgres')).toBeTruthy();
  });

  it('shows a degraded report answered with 503', async () => {
    stubFetch((call) =>
      pathOf(call) === '/api/v1/utils/health-check'
        ? { status: 503, json: { status: 'degraded', database: { ok: false, kind: 'pglite', latency_ms: 5000 }, version: '0.1.0' } }
        : undefined,
    );
    await authStore.init();
    renderApp('/status');
    expect(await screen.findByText('degraded')).toBeTruthy();
    expect(screen.getByText('unavailable')).toBeTruthy();
  });
});
