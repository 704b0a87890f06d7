// Water quality in the document: what is simulated (a chemical, the water's age, or the share of the
// water that comes from one node), its reactions, and per element the initial quality, the sources,
// the reaction coefficients and the tanks' mixing. The document keeps all of it in one `quality`
// object keyed by element ids, so element deletes and renames (editing.ts) and pattern renames
// (schedules.ts) are carried to it from here. Values are kept as EPANET reads them — quality units
// (mg/L or µg/L, hours, per cent), coefficients per day, wall coefficients in m/day (first order) or
// mass/m²/day (zero order) — and the `.inp` writer turns the lengths into the file's units.
import type { NetworkDocument } from '@simforge/contracts';

export type Quality = NonNullable<NetworkDocument['quality']>;
export type QualityParameter = Quality['parameter'];
export type QualitySource = NonNullable<Quality['sources']>[string];
export type SourceType = QualitySource['type'];
export type TankMixing = NonNullable<Quality['mixing']>[string];
export type MixingModel = TankMixing['model'];

/** The per-element maps of `quality`. */
export type QualityEntryKey = 'initial' | 'sources' | 'bulk' | 'wall' | 'mixing';
type EntryValue<K extends QualityEntryKey> = NonNullable<Quality[K]>[string];
const ENTRY_KEYS: readonly QualityEntryKey[] = ['initial', 'sources', 'bulk', 'wall', 'mixing'];

const NOTHING: Quality = { parameter: 'none' };

/** The network's quality settings; none simulated when the document has none. */
export function qualityOf(network: NetworkDocument): Quality {
  return network.quality ?? NOTHING;
}

/**
 * The document with `quality` replaced: fields set to undefined and empty maps dropped, and no
 * `quality` at all when nothing is simulated and nothing is set (what reading an `.inp` file
 * without water quality gives), so that an edit and its undo compare equal to the file's import.
 */
export function withQuality(network: NetworkDocument, quality: Quality): NetworkDocument {
  const cleaned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(quality)) {
    if (value === undefined) continue;
    if (ENTRY_KEYS.includes(key as QualityEntryKey) && Object.keys(value as object).length === 0) continue;
    cleaned[key] = value;
  }
  const { quality: _old, ...rest } = network;
  return cleaned['parameter'] === 'none' && Object.keys(cleaned).length === 1 ? rest : { ...rest, quality: cleaned as Quality };
}

/** The node a new trace follows: the first reservoir, else the first tank, else the first junction. */
function firstSource(network: NetworkDocument): string | undefined {
  return (network.reservoirs[0] ?? network.tanks[0] ?? network.junctions[0])?.id;
}

/** What is simulated; a chemical starts in mg/L, a trace at the first source. Names of what is no longer simulated are dropped. */
export function setQualityParameter(network: NetworkDocument, parameter: QualityParameter): NetworkDocument {
  const current = qualityOf(network);
  if (current.parameter === parameter) return network;
  const { chemical, units, traceNode, ...rest } = current;
  const next: Quality = { ...rest, parameter };
  if (parameter === 'chemical') Object.assign(next, { chemical, units: units ?? 'mg/L' });
  if (parameter === 'trace') next.traceNode = traceNode ?? firstSource(network);
  return withQuality(network, next);
}

/** One network-wide quality setting (undefined: the engine's default). */
export function setQualityField<K extends Exclude<keyof Quality, QualityEntryKey | 'parameter'>>(network: NetworkDocument, key: K, value: Quality[K] | undefined): NetworkDocument {
  return withQuality(network, { ...qualityOf(network), [key]: value });
}

/** One element's entry in a per-element map (undefined removes it). */
export function setQualityEntry<K extends QualityEntryKey>(network: NetworkDocument, key: K, id: string, value: EntryValue<K> | undefined): NetworkDocument {
  const quality = qualityOf(network);
  const { [id]: _old, ...others } = (quality[key] ?? {}) as Record<string, EntryValue<K>>;
  return withQuality(network, { ...quality, [key]: value === undefined ? others : { ...(quality[key] as object), [id]: value } });
}

/** The source of a node after a change of its type: a new source starts at strength 0; 'none' removes it. */
export function setSourceType(network: NetworkDocument, nodeId: string, type: SourceType | 'none'): NetworkDocument {
  const source = qualityOf(network).sources?.[nodeId];
  if (type === 'none') return setQualityEntry(network, 'sources', nodeId, undefined);
  return setQualityEntry(network, 'sources', nodeId, { ...(source ?? { strength: 0 }), type });
}

/**
 * A tank's mixing model: complete mixing is EPANET's default and is not stored; two compartments
 * start with EPANET's fraction when a file gives none (1, the whole tank).
 */
export function setMixingModel(network: NetworkDocument, tankId: string, model: MixingModel): NetworkDocument {
  if (model === 'mixed') return setQualityEntry(network, 'mixing', tankId, undefined);
  const fraction = qualityOf(network).mixing?.[tankId]?.fraction ?? 1;
  return setQualityEntry(network, 'mixing', tankId, model === '2comp' ? { model, fraction } : { model });
}

// ------------------------------------------------------------------ deletes and renames

const keepIf = <T>(entries: Record<string, T> | undefined, exists: (id: string) => boolean) => (entries ? Object.fromEntries(Object.entries(entries).filter(([id]) => exists(id))) : undefined);

/**
 * Drops the entries of elements the document no longer has (after a delete): a node's initial quality
 * and source, a pipe's or tank's bulk coefficient, a pipe's wall coefficient, a tank's mixing, and
 * the trace node (the checks then ask for another), so the written `.inp` never names a missing element.
 */
export function dropMissingFromQuality(network: NetworkDocument): NetworkDocument {
  const quality = network.quality;
  if (!quality) return network;
  const nodes = new Set([...network.junctions, ...network.reservoirs, ...network.tanks].map((n) => n.id));
  const pipes = new Set(network.pipes.map((p) => p.id));
  const tanks = new Set(network.tanks.map((t) => t.id));
  return withQuality(network, {
    ...quality,
    traceNode: quality.traceNode !== undefined && nodes.has(quality.traceNode) ? quality.traceNode : undefined,
    initial: keepIf(quality.initial, (id) => nodes.has(id)),
    sources: keepIf(quality.sources, (id) => nodes.has(id)),
    bulk: keepIf(quality.bulk, (id) => pipes.has(id) || tanks.has(id)),
    wall: keepIf(quality.wall, (id) => pipes.has(id)),
    mixing: keepIf(quality.mixing, (id) => tanks.has(id)),
  });
}

/** The map with `from`'s entry under `to`, in the same place (unchanged when it has none). */
function rekey<T>(entries: Record<string, T> | undefined, from: string, to: string): Record<string, T> | undefined {
  if (!entries || !Object.hasOwn(entries, from)) return entries;
  return Object.fromEntries(Object.entries(entries).map(([id, value]) => [id === from ? to : id, value]));
}

/** A node renamed: its initial quality, source, the trace and, for a tank, its bulk coefficient and mixing follow. */
export function renameNodeInQuality(network: NetworkDocument, from: string, to: string, isTank: boolean): NetworkDocument {
  const quality = network.quality;
  if (!quality) return network;
  return withQuality(network, {
    ...quality,
    traceNode: quality.traceNode === from ? to : quality.traceNode,
    initial: rekey(quality.initial, from, to),
    sources: rekey(quality.sources, from, to),
    mixing: isTank ? rekey(quality.mixing, from, to) : quality.mixing,
    bulk: isTank ? rekey(quality.bulk, from, to) : quality.bulk,
  });
}

/**
 * A link renamed: a pipe's bulk and wall coefficients follow. Bulk coefficients of pipes and tanks
 * share one map (as the file's [REACTIONS] reads them back); an entry named like a tank is the tank's.
 */
export function renameLinkInQuality(network: NetworkDocument, from: string, to: string): NetworkDocument {
  const quality = network.quality;
  if (!quality) return network;
  const tankOwnsBulk = network.tanks.some((t) => t.id === from);
  return withQuality(network, { ...quality, wall: rekey(quality.wall, from, to), bulk: tankOwnsBulk ? quality.bulk : rekey(quality.bulk, from, to) });
}

/** A pattern renamed (to) or deleted (undefined): the sources naming it follow, or become constant. */
export function patternInSources(quality: Quality | undefined, from: string, to: string | undefined): Quality | undefined {
  if (!quality?.sources || !Object.values(quality.sources).some((s) => s.pattern === from)) return quality;
  const sources = Object.fromEntries(
    Object.entries(quality.sources).map(([id, source]) => {
      if (source.pattern !== from) return [id, source];
      const { pattern: _old, ...rest } = source;
      return [id, to === undefined ? rest : { ...rest, pattern: to }];
    }),
  );
  return { ...quality, sources };
}
