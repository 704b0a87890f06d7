// What the simulation list screens show of other features.
import { CompareSelectedButton } from '../../../features/compare/CompareRunsButton';
import { ImportButton } from '../../../features/exports/ImportDialog';
import type { SimulationSlots } from '../../../features/simulations/slots';

export const listSlots: Partial<SimulationSlots> = { ImportButton, CompareSelectedButton };
