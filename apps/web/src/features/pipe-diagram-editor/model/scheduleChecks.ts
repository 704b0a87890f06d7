// Checks of patterns, curves and controls before saving: what the engine refuses (x values that do
// not increase, a pump curve whose head rises with the flow, a control on a check valve). A curve
// nothing uses may be saved: the `.inp` file records its kind (a ';PUMP:' comment line before its
// points, as the EPANET GUI writes), so it comes back with its kind and units.
import type { NetworkDocument } from '@simforge/contracts';
import { controlProblems } from './controls';
import { curveAxes, type Curve, type Pattern } from './schedules';

export function patternProblems(pattern: Pattern): string[] {
  if (pattern.multipliers.length === 0) return ['Needs at least one multiplier'];
  return pattern.multipliers.every(Number.isFinite) ? [] : ['Every multiplier must be a number'];
}

export function curveProblems(_network: NetworkDocument, curve: Curve): string[] {
  const problems: string[] = [];
  const { points } = curve;
  const axes = curveAxes[curve.kind];
  if (points.length === 0) return ['Needs at least one point'];
  if (points.some((p, i) => i > 0 && p[0] <= points[i - 1]![0])) problems.push(`${axes.x.label} values must increase from one point to the next`);
  if (curve.kind === 'pump') {
    // As the engine fits it (EPANET's rules): one design point, or heads falling as the flow rises.
    if (points.length === 1 && !(points[0]![0] > 0 && points[0]![1] > 0)) problems.push('The design point needs a flow and a head above 0');
    if (points.length > 1 && points.some((p, i) => i > 0 && p[1] >= points[i - 1]![1])) problems.push('Heads must fall as the flow rises');
  }
  if (curve.kind === 'volume' && points.length < 2) problems.push('A volume curve needs at least two points');
  return problems;
}

export type ScheduleKind = 'pattern' | 'curve' | 'control';

/** Problems of the patterns, curves and controls, each naming its item (a control by its index). */
export function scheduleIssues(network: NetworkDocument): { schedule: { kind: ScheduleKind; id: string }; message: string }[] {
  const issues: { schedule: { kind: ScheduleKind; id: string }; message: string }[] = [];
  const seenPatterns = new Set<string>();
  for (const pattern of network.patterns) {
    if (seenPatterns.has(pattern.id)) issues.push({ schedule: { kind: 'pattern', id: pattern.id }, message: `Another pattern is also called ${pattern.id}` });
    seenPatterns.add(pattern.id);
    for (const message of patternProblems(pattern)) issues.push({ schedule: { kind: 'pattern', id: pattern.id }, message });
  }
  const seenCurves = new Set<string>();
  for (const curve of network.curves) {
    if (seenCurves.has(curve.id)) issues.push({ schedule: { kind: 'curve', id: curve.id }, message: `Another curve is also called ${curve.id}` });
    seenCurves.add(curve.id);
    for (const message of curveProblems(network, curve)) issues.push({ schedule: { kind: 'curve', id: curve.id }, message });
  }
  network.controls.forEach((control, i) => {
    for (const message of controlProblems(network, control)) issues.push({ schedule: { kind: 'control', id: String(i) }, message });
  });
  return issues;
}

/** Elements naming a pattern or curve that is missing or of the wrong kind. */
export function referenceIssues(network: NetworkDocument): { element: { kind: 'junction' | 'reservoir' | 'pump' | 'tank' | 'valve'; id: string }; message: string }[] {
  const patterns = new Set(network.patterns.map((p) => p.id));
  const curves = new Map(network.curves.map((c) => [c.id, c]));
  const issues: ReturnType<typeof referenceIssues> = [];
  for (const j of network.junctions) {
    for (const d of j.demands) if (d.pattern && !patterns.has(d.pattern)) issues.push({ element: { kind: 'junction', id: j.id }, message: `Demand pattern ${d.pattern} does not exist` });
  }
  for (const r of network.reservoirs) if (r.pattern && !patterns.has(r.pattern)) issues.push({ element: { kind: 'reservoir', id: r.id }, message: `Head pattern ${r.pattern} does not exist` });
  for (const p of network.pumps) {
    if (p.pattern && !patterns.has(p.pattern)) issues.push({ element: { kind: 'pump', id: p.id }, message: `Speed pattern ${p.pattern} does not exist` });
    const curve = p.headCurve ? curves.get(p.headCurve) : undefined;
    if (curve && curve.kind !== 'pump') issues.push({ element: { kind: 'pump', id: p.id }, message: `Curve ${curve.id} is not a pump head curve` });
  }
  for (const t of network.tanks) {
    if (!t.volumeCurve) continue;
    const curve = curves.get(t.volumeCurve);
    if (!curve) issues.push({ element: { kind: 'tank', id: t.id }, message: `Volume curve ${t.volumeCurve} does not exist` });
    else if (curve.kind !== 'volume') issues.push({ element: { kind: 'tank', id: t.id }, message: `Curve ${curve.id} is not a volume curve` });
  }
  for (const v of network.valves) {
    if (v.type === 'PCV' && v.valveCurve) {
      const curve = curves.get(v.valveCurve);
      if (!curve) issues.push({ element: { kind: 'valve', id: v.id }, message: `Opening curve ${v.valveCurve} does not exist` });
      else if (curve.kind !== 'valve') issues.push({ element: { kind: 'valve', id: v.id }, message: `Curve ${curve.id} is not a valve opening curve` });
    }
    if (v.type !== 'GPV') continue;
    const curve = v.headlossCurve ? curves.get(v.headlossCurve) : undefined;
    if (!v.headlossCurve) issues.push({ element: { kind: 'valve', id: v.id }, message: 'A GPV needs a head-loss curve' });
    else if (!curve) issues.push({ element: { kind: 'valve', id: v.id }, message: `Head-loss curve ${v.headlossCurve} does not exist` });
    else if (curve.kind !== 'headloss') issues.push({ element: { kind: 'valve', id: v.id }, message: `Curve ${curve.id} is not a head-loss curve` });
  }
  return issues;
}
