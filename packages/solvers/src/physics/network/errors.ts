// The network engine's errors, as SolverErrors with the package's stable codes.

import { DivergedError, InvalidParametersError } from '../../errors.js';

/** A line of an `.inp` file that cannot be read: names the line, the section and the field. */
export class InpParseError extends InvalidParametersError {

  constructor(
    readonly line: number,
    readonly section: string,
    readonly field: string,
    message: string,
  ) {
    super([{ path: `inp:${line}`, message: `[${section}] ${field}: ${message}` }]);
  }
}

/** Text that is no EPANET input file at all: binary content, or not one section header EPANET knows. */
export class NotInpFileError extends InvalidParametersError {

  constructor(readonly reason: string) {
    super([{ path: 'inp', message: `not an EPANET input file (${reason})` }]);
  }
}

/** A value of the network that the file's units cannot hold (it overflows to Infinity). */
export class InpWriteError extends InvalidParametersError {

  constructor(readonly section: string, readonly value: number) {
    super([{ path: 'network', message: `[${section}] a value is ${value} in the file's units: too large to write` }]);
  }
}

/** The network is not a valid model (unknown node, duplicate id, bad value, illegal valve placement). */
export class NetworkModelError extends InvalidParametersError {
}

/** Junctions that no path of links joins to a reservoir or tank. */
export class DisconnectedNetworkError extends InvalidParametersError {

  constructor(readonly nodeIds: readonly string[]) {
    super([
      {
        path: 'network.junctions',
        message: `${nodeIds.length} junction(s) not connected to any reservoir or tank: ${listIds(nodeIds)}`,
      },
    ]);
  }
}

/** The hydraulic equations did not converge (or could not be solved) at a time step. */
export class UnbalancedNetworkError extends DivergedError {

  constructor(
    message: string,
    readonly time: number,
    iteration?: number,
    residual?: number,
  ) {
    super(message, iteration, residual);
  }
}

/** "a, b, c and 12 more" for messages. */
export function listIds(ids: readonly string[], max = 20): string {
  if (ids.length <= max) return ids.join(', ');
  return `${ids.slice(0, max).join(', ')} and ${ids.length - max} more`;
}
