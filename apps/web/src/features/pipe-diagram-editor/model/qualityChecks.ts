// Water-quality problems that keep the network from being saved: what the `.inp` reader or the engine
// would refuse (a trace without its node, a source naming a missing pattern, a wall order other than
// 0 or 1, a mixing fraction outside 0–1, ...), each naming the network setting or the element, with
// the field's label. Entries of elements the document no longer has are not named: the writer leaves
// them out, and the editor's deletes drop them.
import type { NetworkDocument } from '@simforge/contracts';
import { bulkSpec, chemicalNameProblem, fractionSpec, initialSpec, qualityStepProblem, settingSpecs, strengthSpec, wallSpec, type QualityNumberKey } from './qualityFields';

type NodeKind = 'junction' | 'reservoir' | 'tank';
export interface QualityIssue {
  element?: { kind: NodeKind | 'pipe'; id: string };
  setting?: 'quality';
  message: string;
}

/** The network-wide settings' problems. */
function settingIssues(network: NetworkDocument): QualityIssue[] {
  const quality = network.quality!;
  const messages: (string | null)[] = [];
  if (quality.parameter === 'trace') {
    const node = quality.traceNode;
    const exists = [...network.junctions, ...network.reservoirs, ...network.tanks].some((n) => n.id === node);
    messages.push(!node ? 'Trace node is required: pick the node whose water is traced' : exists ? null : `Trace node ${node} does not exist`);
  }
  if (quality.parameter === 'chemical' && quality.chemical) messages.push(chemicalNameProblem(quality.chemical));
  const specs = settingSpecs(network);
  for (const key of Object.keys(specs) as QualityNumberKey[]) {
    const value = quality[key];
    if (value !== undefined) messages.push(specs[key].problem(value));
  }
  const step = network.times.qualityStep;
  if (step !== undefined) messages.push(qualityStepProblem(step, network.times.hydraulicStep));
  return messages.filter((m): m is string => m !== null).map((message) => ({ setting: 'quality', message }));
}

/** The elements' entries' problems. */
function elementIssues(network: NetworkDocument): QualityIssue[] {
  const quality = network.quality!;
  const issues: QualityIssue[] = [];
  const nodeKinds = new Map<string, NodeKind>([
    ...network.junctions.map((n) => [n.id, 'junction'] as const),
    ...network.reservoirs.map((n) => [n.id, 'reservoir'] as const),
    ...network.tanks.map((n) => [n.id, 'tank'] as const),
  ]);
  const pipes = new Set(network.pipes.map((p) => p.id));
  const patterns = new Set(network.patterns.map((p) => p.id));
  const add = (kind: NodeKind | 'pipe' | undefined, id: string, message: string | null) => {
    if (kind && message) issues.push({ element: { kind, id }, message });
  };
  const initial = initialSpec(quality);
  for (const [id, value] of Object.entries(quality.initial ?? {})) add(nodeKinds.get(id), id, initial.problem(value));
  for (const [id, source] of Object.entries(quality.sources ?? {})) {
    add(nodeKinds.get(id), id, strengthSpec(quality, source.type).problem(source.strength));
    if (source.pattern && !patterns.has(source.pattern)) add(nodeKinds.get(id), id, `Source pattern ${source.pattern} does not exist`);
  }
  const pipeBulk = bulkSpec(network, false);
  const tankBulk = bulkSpec(network, true);
  for (const [id, value] of Object.entries(quality.bulk ?? {})) {
    const tank = nodeKinds.get(id) === 'tank';
    add(tank ? 'tank' : pipes.has(id) ? 'pipe' : undefined, id, (tank ? tankBulk : pipeBulk).problem(value));
  }
  const wall = wallSpec(network);
  for (const [id, value] of Object.entries(quality.wall ?? {})) add(pipes.has(id) ? 'pipe' : undefined, id, wall.problem(value));
  for (const [id, mixing] of Object.entries(quality.mixing ?? {})) {
    if (mixing.model === '2comp' && mixing.fraction !== undefined) add(nodeKinds.get(id) === 'tank' ? 'tank' : undefined, id, fractionSpec.problem(mixing.fraction));
  }
  return issues;
}

export function qualityIssues(network: NetworkDocument): QualityIssue[] {
  return network.quality ? [...settingIssues(network), ...elementIssues(network)] : [];
}
