// The welding family's pieces of the create and edit screens: the joint sketches on the type cards,
// the cross-section card before the geometry fields and the heat input under the process fields.
// The route files hand them to features/simulations through its slots (weldingForm).
import type { WeldingForm } from '../../simulations/slots';
import { CrossSectionCard } from './CrossSectionCard';
import { HeatInputLine } from './HeatInputLine';
import { JointSketch, jointSketches } from './JointSketch';

export const hasJointSketch = (type: string): boolean => Boolean(jointSketches[type]);

export const weldingForm: WeldingForm = { JointSketch, hasJointSketch, CrossSectionCard, HeatInputLine };
