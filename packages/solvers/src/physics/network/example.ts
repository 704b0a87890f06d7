// The default case of PIPE_NETWORK: the contracts' example network (one text, the create form's and
// the solver's): a reservoir and a tank supply a looped district of six junctions over a day, in L/s
// and m, Hazen-Williams, a daily demand pattern. The tank fills at night and helps at the morning and
// evening peaks.

export { exampleNetworkInp as EXAMPLE_NETWORK_INP } from '@simforge/contracts';
