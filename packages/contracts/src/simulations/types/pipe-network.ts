// PIPE_NETWORK (simulations.md, "pipe"): a water (or district-heating) network given as the text
// of an EPANET input file, solved by @simforge/solvers (physics/network) with the global gradient
// method, steady or over an extended period. Values SI. The file's own options and times apply
// unless a parameter here overrides them; the solver reads the file (a line it cannot read answers
// on `inp` with its line number) and reports the sections it does not use.
// PIPE_NETWORK_2 takes the same parameters. The diagram editors work on a JSON document
// (pipe-network-document.ts) that the server converts to and from this `.inp` text, which stays the
// parameter on the wire.

import type { z } from 'zod';
import { enumParameter, numberParameter, parameterGroup, parameterObject, textParameter } from '../parameters.js';

/**
 * The longest `.inp` text accepted, characters (32 MB of ASCII). A generated 100 000-junction network
 * over 24 h with loops, pumps and a tank (packages/solvers/test/networks.ts, 316 × 317) writes
 * 18.5 M characters; the limit leaves room for what real files add (vertices, tags, comments, more
 * patterns) or about 170 000 junctions of the same kind. What bounds the work is not this but the
 * estimate's time limit and the run's work budget (docs/limits.md, docs/adr/0035-large-networks.md).
 */
export const MAX_INP_LENGTH = 32_000_000;

/** The `.inp` parameter's form label, as messages name it. */
export const INP_LABEL = 'EPANET input file (.inp)';

/** What an `.inp` field must hold, as messages name it ("not an EPANET input file (...)"). */
export const INP_FILE_KIND = 'an EPANET input file';

/** The default case: a reservoir and a tank supply a looped district of six junctions over a day (L/s, m). */
export const exampleNetworkInp = `[TITLE]
SimForge example network: a reservoir and a tank supply a looped district
Units L/s and m; 24-hour extended period with a daily demand pattern

[JUNCTIONS]
;ID   Elev   Demand   Pattern
 J1   25     0.0
 J2   22     3.0      DAILY
 J3   18     2.5      DAILY
 J4   20     4.0      DAILY
 J5   15     2.0      DAILY
 J6   17     3.5      DAILY

[RESERVOIRS]
;ID   Head
 R1   57

[TANKS]
;ID   Elev   InitLevel   MinLevel   MaxLevel   Diameter   MinVol
 T1   52     3.0         0.5        6.0        12         0

[PIPES]
;ID   Node1   Node2   Length   Diameter   Roughness   MinorLoss   Status
 P1   R1      J1      800      200        120         0           Open
 P2   J1      J2      400      200        120         0           Open
 P3   J2      J3      350      150        120         0           Open
 P4   J1      J4      450      200        120         0           Open
 P5   J4      J5      300      150        120         0           Open
 P6   J3      J5      400      100        120         0           Open
 P7   J2      J6      500      100        120         0           Open
 P8   J5      J6      350      100        120         0           Open
 P9   T1      J4      250      200        120         0           Open

[PATTERNS]
;ID    Multipliers (one per hour from midnight)
 DAILY  0.5  0.4  0.4  0.4  0.5  0.7  1.1  1.5  1.4  1.2  1.1  1.0
 DAILY  1.1  1.0  0.9  0.9  1.0  1.2  1.5  1.6  1.3  1.0  0.8  0.6

[TIMES]
 Duration           24:00
 Hydraulic Timestep 1:00
 Pattern Timestep   1:00
 Report Timestep    1:00
 Start ClockTime    12 am

[OPTIONS]
 Units      LPS
 Headloss   H-W
 Accuracy   0.001
 Trials     40

[COORDINATES]
;Node  X      Y
 R1    0      500
 J1    300    500
 J2    600    650
 J3    900    650
 J4    600    350
 J5    900    350
 J6    1000   500
 T1    600    100

[END]
`;

/** A time of the extended period in s (whole seconds), asked for only when the period is set here. */
const extendedPeriodTime = (options: { label: string; displayUnit: string; min: number; max: number; default: number; description?: string }) =>
  numberParameter({ quantity: 'time', unit: 's', step: 1, ...options, visibleWhen: { field: 'period', equals: 'extended' }, defaultWhenVisible: true });

export const pipeNetworkParameters = parameterObject({
  inp: textParameter({
    label: INP_LABEL,
    description: 'The text of an EPANET 2 input file: junctions, reservoirs, tanks, pipes, pumps, valves, emitters, demands, patterns, curves, simple controls and rules, water quality (sources, reactions, tank mixing), energy, options and times. Sections the solver does not use (report options, labels, backdrop, tags, leakage, roughness reactions) are warned about with their line numbers.',
    maxLength: MAX_INP_LENGTH,
    accept: '.inp,.txt',
    default: exampleNetworkInp,
  }),
  headloss: enumParameter({
    label: 'Head-loss formula',
    options: [
      { value: 'from_network', label: 'As in the file ([OPTIONS] HEADLOSS)' },
      { value: 'hazen_williams', label: 'Hazen-Williams' },
      { value: 'darcy_weisbach', label: 'Darcy-Weisbach' },
      { value: 'chezy_manning', label: 'Chezy-Manning' },
    ],
    default: 'from_network',
    description: 'A pipe’s roughness is read in the chosen formula’s terms: the C factor (Hazen-Williams), the absolute roughness (Darcy-Weisbach) or Manning’s n.',
  }),
  friction_factor: enumParameter({
    label: 'Darcy-Weisbach friction factor',
    options: [
      { value: 'swamee_jain', label: 'Swamee-Jain (as EPANET)' },
      { value: 'colebrook', label: 'Colebrook-White (exact)' },
    ],
    default: 'swamee_jain',
    description: 'Used with the Darcy-Weisbach formula only.',
  }),
  period: enumParameter({
    label: 'Simulation period',
    options: [
      { value: 'from_network', label: 'As in the file ([TIMES])' },
      { value: 'steady', label: 'Steady state (one balance at the start)' },
      { value: 'extended', label: 'Extended period (set here)' },
    ],
    default: 'from_network',
  }),
  duration: extendedPeriodTime({ label: 'Duration', displayUnit: 'h', min: 0, max: 31_622_400, default: 86_400 }),
  hydraulic_step: extendedPeriodTime({ label: 'Hydraulic time step', displayUnit: 'min', min: 1, max: 86_400, default: 3600, description: 'The longest step between balances; tank events and controls shorten it.' }),
  report_step: extendedPeriodTime({ label: 'Reporting time step', displayUnit: 'min', min: 1, max: 86_400, default: 3600, description: 'Results are kept at the start and every reporting step.' }),
  convergence: enumParameter({
    label: 'Convergence settings',
    options: [
      { value: 'from_network', label: 'As in the file ([OPTIONS] ACCURACY, TRIALS)' },
      { value: 'custom', label: 'Set here' },
    ],
    default: 'from_network',
    advanced: true,
  }),
  accuracy: numberParameter({
    label: 'Accuracy',
    quantity: 'dimensionless',
    unit: '',
    displayUnit: '',
    min: 0.00001,
    max: 0.1,
    default: 0.001,
    step: 0.0001,
    advanced: true,
    description: 'Convergence when the sum of flow changes over the sum of flows falls below this value (EPANET’s ACCURACY).',
    visibleWhen: { field: 'convergence', equals: 'custom' },
    defaultWhenVisible: true,
  }),
  max_trials: numberParameter({
    label: 'Maximum trials',
    quantity: 'dimensionless',
    unit: '',
    displayUnit: '',
    min: 1,
    max: 10_000,
    default: 200,
    step: 1,
    integer: true,
    advanced: true,
    description: 'Newton iterations per hydraulic step before the step counts as unbalanced (EPANET’s TRIALS).',
    visibleWhen: { field: 'convergence', equals: 'custom' },
    defaultWhenVisible: true,
  }),
  heat: parameterGroup(
    { label: 'Heat transport', description: 'District heating: the water’s temperature carried along the pipes, with heat lost to the ground.' },
    {
      transport: enumParameter({
        label: 'Heat transport',
        options: [
          { value: 'off', label: 'Off (hydraulics only)' },
          { value: 'ground_loss', label: 'On, with heat loss to the ground' },
        ],
        default: 'off',
      }),
      supply_temperature: numberParameter({
        label: 'Supply temperature',
        quantity: 'temperature',
        unit: 'K',
        displayUnit: '°C',
        min: 273.15,
        max: 473.15,
        default: 353.15,
        step: 0.1,
        description: 'Temperature of the water leaving the reservoirs (and tanks at the start).',
        visibleWhen: { field: 'transport', equals: 'ground_loss' },
        defaultWhenVisible: true,
      }),
      ground_temperature: numberParameter({
        label: 'Ground temperature',
        quantity: 'temperature',
        unit: 'K',
        displayUnit: '°C',
        min: 233.15,
        max: 353.15,
        default: 283.15,
        step: 0.1,
        visibleWhen: { field: 'transport', equals: 'ground_loss' },
        defaultWhenVisible: true,
      }),
      heat_transfer_coefficient: numberParameter({
        label: 'Heat-loss coefficient',
        quantity: 'heat_transfer_coefficient',
        unit: 'W/(m²·K)',
        displayUnit: 'W/(m²·K)',
        min: 0,
        max: 1000,
        default: 1,
        step: 0.01,
        description: 'Heat flow from the water to the ground per m² of inner pipe wall and K of temperature difference (insulated district-heating pipes: about 0.5-2).',
        visibleWhen: { field: 'transport', equals: 'ground_loss' },
        defaultWhenVisible: true,
      }),
    },
  ),
});

export type PipeNetworkParameters = z.infer<typeof pipeNetworkParameters>;
