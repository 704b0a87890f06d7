import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../../../app/theme';
import { viewSlots } from '../../../../routes/main/simulations/viewSlots';
import { SimulationSlotsProvider } from '../../../simulations/slots';
import { ProgressPanel } from '../../../simulations/view/ProgressPanel';
import type { LiveResiduals } from '../../../simulations/view/useSimulationLive';

const RUN = '7080de5d-2bef-4b59-9f82-c5942c8db345';

describe('live residual plot', () => {
  it('collects the streamed residual events of the run into a log-scale plot on the progress panel', async () => {
    const panel = (residuals: LiveResiduals | null) => (
      <ThemeProvider theme={theme}>
        <SimulationSlotsProvider slots={viewSlots}>
          <ProgressPanel status="running" progress={null} fallbackFraction={0.2} residuals={residuals} />
        </SimulationSlotsProvider>
      </ThemeProvider>
    );
    const { rerender } = render(panel(null));
    expect(screen.queryByRole('figure', { name: 'Live residuals' })).toBeNull();
    rerender(panel({ runId: RUN, iteration: 10, values: { continuity: 0.5, energy: 0.2 } }));
    rerender(panel({ runId: RUN, iteration: 20, values: { continuity: 0.05, energy: 0.02 } }));
    rerender(panel({ runId: RUN, iteration: 30, values: { continuity: 0.004, energy: 0.003 } }));
    expect(await screen.findByText(/Residuals \(live, log scale\) · 3 iterations received/)).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Live residual plot' }, { timeout: 10_000 })).toBeTruthy();
  });
});
