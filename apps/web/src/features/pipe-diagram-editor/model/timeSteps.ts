// The steps the engine takes within a hydraulic time step: the rule step (how often the rules are
// checked) and the quality step (how often water is moved and reacted). Both are optional; the engine
// takes a tenth of the hydraulic step for one not given.
import type { NetworkDocument } from '@simforge/contracts';

type Times = NetworkDocument['times'];
export type SubStep = 'ruleStep' | 'qualityStep';

/** What the engine takes for a sub-step left empty: a tenth of the hydraulic step, whole seconds, at least 1. */
export const defaultSubStep = (hydraulicStep: number) => Math.max(1, Math.trunc(hydraulicStep / 10));

/** A sub-step in whole seconds, at most the hydraulic step (the engine would shorten it). */
export function subStepProblem(label: string, step: number, hydraulicStep: number): string | null {
  if (!Number.isInteger(step) || step < 1) return `${label} must be a whole number of seconds, 1 or more`;
  return step > hydraulicStep ? `${label} must be at most the hydraulic time step (${hydraulicStep} s)` : null;
}

/** The times with the sub-step set, or without it (the engine's default) when `seconds` is undefined. */
export function withSubStep(times: Times, step: SubStep, seconds: number | undefined): Times {
  if (seconds !== undefined) return { ...times, [step]: seconds };
  const { [step]: _dropped, ...rest } = times;
  return rest;
}
