import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { aUser, pathOf, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { authStore } from '../../lib/authStore';
import { signIn } from '../../test/signedIn';

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
              versions: { server: '0.1.0', solvers: '0.1.0', node: 'v20.20.0' },
              uptime_seconds: 93_784.2,
              started_at: '2026-11-20T13:00:00.000Z',
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
    expect(screen.getByTestId('status-versions').textContent).toBe('server 0.1.0 · solvers 0.1.0 · Node.js v20.20.0');
    expect(screen.getByTestId('status-uptime').textContent).toMatch(/^1 d 2 h \(since /);
    expect(screen.getByRole('link', { name: '/api/v1/health' }).getAttribute('href')).toBe('/api/v1/health');
  });

  it('shows the load of a server that executes simulations', async () => {
    stubFetch((call) =>
      pathOf(call) === '/api/v1/utils/health-check'
        ? { json: { ...healthy, jobs: { queued: 0, running: 3, workers: [], this_process: { executes_simulations: true, concurrency: 4 } } } }
        : undefined,
    );
    await authStore.init();
    renderApp('/status');
    expect((await screen.findByTestId('status-load', {}, { timeout: 30_000 })).textContent).toBe('3 of 4 solver slots of this server busy (75 %)');
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

  it('shows status and version alone to anyone but a superuser, and asks with the session token', async () => {
    signIn();
    const { calls } = stubFetch((call) => {
      if (pathOf(call) === '/api/v1/utils/health-check') return { json: { status: 'ok', version: '0.1.0' } };
      if (pathOf(call) === '/api/v1/users/me') return { json: aUser };
      return undefined;
    });
    await authStore.init();
    renderApp('/status');
    expect(await screen.findByTestId('status-details-hidden')).toBeTruthy();
    expect(screen.getByText('ok')).toBeTruthy();
    expect(screen.getByText('0.1.0')).toBeTruthy();
    expect(screen.queryByText('Database')).toBeNull();
    const health = calls.find((c) => pathOf(c) === '/api/v1/utils/health-check')!;
    expect(health.headers.get('Authorization')).toBe('Bearer tok');
  });
});
