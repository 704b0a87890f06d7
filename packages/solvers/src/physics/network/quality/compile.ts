// A model's water-quality data resolved against the compiled network and turned into EPANET's internal
// units (input1.c adjustdata and convertunits): coefficients per second, lengths in ft, volumes in
// ft³, concentrations in mass per ft³; global coefficients and the roughness correlation applied to
// the pipes without their own.

import type { CompiledNetwork } from '../hydraulics/compile.js';
import { PIPE } from '../hydraulics/constants.js';
import { NetworkModelError } from '../errors.js';
import type { NetworkModel, TankMixingModel } from '../model.js';
import { EPANET_DIFFUSIVITY, FT } from '../units.js';
import { orderFactor } from './reactions.js';
import { AGE, CHEMICAL, LITRES_PER_FT3, TRACE, qualityParameter, toCubicFeet, toFeet, type CompiledQuality, type QualitySourceData } from './state.js';

const SECONDS_PER_DAY = 86400;

export function compileQuality(model: NetworkModel, net: CompiledNetwork): CompiledQuality | undefined {
  const quality = model.quality;
  const parameter = qualityParameter(quality);
  if (!quality || parameter === 0) return undefined;
  const issues: { path: string; message: string }[] = [];
  const nodeIndex = new Map(net.nodeIds.map((id, i) => [id, i]));
  const linkIndex = new Map(net.linkIds.map((id, k) => [id, k]));
  const patternIndex = new Map(model.patterns.map((p, i) => [p.id, i + 1]));
  const scale = parameter === CHEMICAL ? LITRES_PER_FT3 : 1;
  const nFixed = net.nNodes - net.nJunctions;

  const initial = new Float64Array(net.nNodes);
  for (const [id, value] of Object.entries(quality.initial ?? {})) {
    const n = nodeIndex.get(id);
    if (n === undefined) issues.push({ path: `quality.initial.${id}`, message: `unknown node '${id}'` });
    else initial[n] = value * scale;
  }
  const sources: (QualitySourceData | null)[] = new Array(net.nNodes).fill(null);
  for (const [id, source] of Object.entries(quality.sources ?? {})) {
    const n = nodeIndex.get(id);
    const pattern = source.pattern ? (patternIndex.get(source.pattern) ?? -1) : 0;
    if (n === undefined) issues.push({ path: `quality.sources.${id}`, message: `unknown node '${id}'` });
    else if (pattern < 0) issues.push({ path: `quality.sources.${id}.pattern`, message: `unknown pattern '${source.pattern}'` });
    else sources[n] = { type: source.type, strength: source.type === 'mass' ? source.strength / 60 : source.strength * scale, pattern };
  }
  let traceNode = -1;
  if (parameter === TRACE) {
    traceNode = nodeIndex.get(quality.traceNode ?? '') ?? -1;
    if (traceNode < 0) issues.push({ path: 'quality.traceNode', message: `unknown node '${quality.traceNode ?? ''}'` });
  }

  const wallOrder = quality.wallOrder ?? 1;
  // Wall coefficients per day in m (order 1) or mass/m² (order 0), to ft/s or mass/ft²/s.
  const wallToInternal = (v: number) => (wallOrder === 0 ? (v * FT * FT) / SECONDS_PER_DAY : toFeet(v) / SECONDS_PER_DAY);
  const kb = new Float64Array(net.nLinks);
  const kw = new Float64Array(net.nLinks);
  const globalBulk = quality.globalBulk ?? 0;
  for (let k = 0; k < net.nLinks; k++) {
    if (net.linkType[k]! > PIPE) continue;
    const id = net.linkIds[k]!;
    kb[k] = (quality.bulk?.[id] ?? globalBulk) / SECONDS_PER_DAY;
    const own = quality.wall?.[id];
    kw[k] = wallToInternal(own ?? roughnessWall(quality.roughnessCorrelation, quality.globalWall ?? 0, net, k, model.options.headloss));
  }
  const tankKb = new Float64Array(nFixed);
  const mixing: TankMixingModel[] = new Array(nFixed).fill('mixed');
  const mixFraction = new Float64Array(nFixed).fill(1);
  for (let f = 0; f < nFixed; f++) {
    const id = net.nodeIds[net.nJunctions + f]!;
    tankKb[f] = (quality.bulk?.[id] ?? globalBulk) / SECONDS_PER_DAY;
    const m = quality.mixing?.[id];
    if (m) {
      mixing[f] = m.model;
      mixFraction[f] = m.fraction && m.fraction > 0 ? m.fraction : 1;
    }
  }
  for (const id of Object.keys(quality.bulk ?? {})) if (!linkIndex.has(id) && !nodeIndex.has(id)) issues.push({ path: `quality.bulk.${id}`, message: `unknown pipe or tank '${id}'` });
  if (issues.length > 0) throw new NetworkModelError(issues);

  const diffusivity = (quality.diffusivity ?? EPANET_DIFFUSIVITY) / (FT * FT);
  const viscosity = net.options.viscosity / (FT * FT);
  const tolerance = (quality.tolerance ?? 0.01) * scale;
  const hstep = net.times.hydraulicStep;
  const qualityStep = Math.min(model.times.qualityStep && model.times.qualityStep > 0 ? Math.round(model.times.qualityStep) : Math.trunc(hstep / 10), hstep);
  const schmidt = diffusivity > 0 ? viscosity / diffusivity : 0;
  return {
    parameter: parameter as typeof CHEMICAL | typeof AGE | typeof TRACE,
    scale,
    traceNode,
    schmidt,
    schmidtFactor: schmidt ** 0.333,
    diffusivity,
    viscosity,
    tolerance,
    bulkOrder: quality.bulkOrder ?? 1,
    wallOrder,
    tankOrder: quality.tankOrder ?? 1,
    limit: (quality.limitingConcentration ?? 0) * scale,
    bulkFactor: orderFactor(quality.bulkOrder ?? 1),
    tankFactor: orderFactor(quality.tankOrder ?? 1),
    kb,
    kw,
    tankKb,
    mixing,
    mixFraction,
    initial,
    sources,
    pipes: Int32Array.from(Array.from(net.linkType.keys()).filter((k) => net.linkType[k] === PIPE)),
    hasSource: Uint8Array.from(sources, (source) => (source && source.strength !== 0 ? 1 : 0)),
    length: net.length.map(toFeet),
    diameter: net.diameter.map(toFeet),
    tankVmax: net.tankVmax.map(toCubicFeet),
    tankV0: net.tankV0.map(toCubicFeet),
    qualityStep: Math.max(1, qualityStep),
  };
}

/** EPANET: a pipe without its own wall coefficient takes the roughness correlation's, or the global one. */
function roughnessWall(correlation: number | undefined, global: number, net: CompiledNetwork, k: number, formula: string): number {
  if (!correlation) return global;
  const roughness = net.roughness[k]!;
  const diameter = net.diameter[k]!;
  if (!(roughness > 0) || !(diameter > 0)) return 0;
  if (formula === 'H-W') return correlation / roughness;
  if (formula === 'D-W') return correlation / Math.abs(Math.log(roughness / diameter));
  return correlation * roughness;
}
