// The entry of a solver's helper thread (started by a solver thread whose run has a second thread):
// it runs the solvers' helper tasks, such as a network's water quality routed beside
// the hydraulics.

import { serveHelper } from '@simforge/solvers';
import { lowerThisThreadPriority } from './thread-priority.js';

lowerThisThreadPriority();
serveHelper();
