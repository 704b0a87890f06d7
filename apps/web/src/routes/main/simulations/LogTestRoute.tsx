import { LiveResidualPlot } from '../../../features/families/shared/residuals/LiveResidualPlot';
import { LogTestScreen } from '../../../features/simulations/live/LogTestScreen';
import { SimulationSlotsProvider } from '../../../features/simulations/slots';

const slots = { LiveResidualPlot };

export default function LogTestRoute() {
  return (
    <SimulationSlotsProvider slots={slots}>
      <LogTestScreen />
    </SimulationSlotsProvider>
  );
}
