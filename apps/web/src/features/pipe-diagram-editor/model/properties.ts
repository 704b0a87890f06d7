// What the side panel and the bulk table edit, per kind of element: label, display unit, physical
// range (the form's `between` rule, in the display unit) and how a value is read from and written to
// the document (SI inside; the unit conversion is the contracts').
import { validationMessages, type NetworkDocument } from '@simforge/contracts';
import { findElement, updateElement, type ElementKind, type ElementRef, type NetworkLink, type NetworkNode } from './editing';
import { fromSIIn, setJunctionPattern, toSIIn, type CurveKind } from './schedules';

export interface NumberProperty {
  kind: 'number';
  key: string;
  label: string;
  /** Display unit ('' dimensionless); values are converted with the contracts' units. */
  unit: string;
  min: number;
  max: number;
  read(element: NetworkNode | NetworkLink, network: NetworkDocument): number | undefined;
  /** The SI value into the document. */
  write(network: NetworkDocument, ref: ElementRef, si: number): NetworkDocument;
}

export interface ChoiceProperty {
  kind: 'choice';
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
  read(element: NetworkNode | NetworkLink): string;
  write(network: NetworkDocument, ref: ElementRef, value: string): NetworkDocument;
}

export type Property = NumberProperty | ChoiceProperty;

/** What a number field needs: its label, display unit and range (the element properties, and the patterns', curves' and controls' values). */
export type NumberSpec = Pick<NumberProperty, 'key' | 'label' | 'unit' | 'min' | 'max'>;

type AnyElement = Record<string, unknown>;
const field = (name: string) => (element: NetworkNode | NetworkLink) => (element as unknown as AnyElement)[name] as number | undefined;
const setField = (name: string) => (network: NetworkDocument, ref: ElementRef, si: number) => updateElement(network, ref, { [name]: si });

function num(key: string, label: string, unit: string, min: number, max: number, read: NumberProperty['read'] = field(key), write: NumberProperty['write'] = setField(key)): NumberProperty {
  return { kind: 'number', key, label, unit, min, max, read, write };
}
function choice(key: string, label: string, options: readonly (string | { value: string; label: string })[]): ChoiceProperty {
  return {
    kind: 'choice',
    key,
    label,
    options: options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o)),
    read: (element) => String((element as unknown as AnyElement)[key] ?? ''),
    write: (network, ref, value) => updateElement(network, ref, { [key]: value }),
  };
}

const elevation = num('elevation', 'Elevation', 'm', -500, 9000);
const demand = num(
  'demand',
  'Base demand',
  'L/s',
  -100_000,
  100_000,
  (e) => (e as { demands: { base: number }[] }).demands?.[0]?.base ?? 0,
  (network, ref, si) => {
    const junction = findElement(network, ref) as { demands: { base: number; pattern?: string }[] };
    const [first, ...rest] = junction.demands;
    return updateElement(network, ref, { demands: [{ ...(first ?? {}), base: si }, ...rest] });
  },
);

/** Roughness in the terms of the network's head-loss formula. */
function roughness(network: NetworkDocument): NumberProperty {
  switch (network.options.headloss) {
    case 'D-W':
      return num('roughness', 'Roughness (absolute)', 'mm', 0, 100);
    case 'C-M':
      return num('roughness', 'Manning n', '', 0.005, 0.1);
    default:
      return num('roughness', 'Hazen-Williams C', '', 1, 200);
  }
}

/** The single point of a pump's one-point curve (flow and head at the design point). */
function pumpPoint(index: 0 | 1, label: string, unit: string, min: number, max: number): NumberProperty {
  return num(
    index === 0 ? 'design_flow' : 'design_head',
    label,
    unit,
    min,
    max,
    (e, network) => {
      const curve = network.curves.find((c) => c.id === (e as { headCurve?: string }).headCurve);
      return curve && curve.points.length === 1 ? curve.points[0]![index] : undefined;
    },
    (network, ref, si) => {
      const pump = findElement(network, ref) as { headCurve?: string };
      return {
        ...network,
        curves: network.curves.map((c) => (c.id === pump.headCurve && c.points.length === 1 ? { ...c, points: [index === 0 ? [si, c.points[0]![1]] : [c.points[0]![0], si]] as [number, number][] } : c)),
      };
    },
  );
}

/** The setting of a valve in its type's terms: a pressure (PRV, PSV, PBV), a flow (FCV), a loss coefficient (TCV) or an opening (PCV). */
function valveSetting(type: string): NumberProperty | null {
  if (type === 'PRV' || type === 'PSV' || type === 'PBV') return num('setting', type === 'PBV' ? 'Pressure drop' : 'Pressure setting', 'kPa', 0, 10_000);
  if (type === 'FCV') return num('setting', 'Flow setting', 'L/s', 0, 100_000);
  if (type === 'TCV') return num('setting', 'Loss coefficient', '', 0, 100_000);
  if (type === 'PCV') return num('setting', 'Opening (%)', '', 0, 100);
  return null;
}

/** The choice's value for "none" (quotes cannot be in an id). */
export const NONE = '"none"';

type Named = { id: string };
/** A choice among the network's patterns or curves (and none); a name that is missing is kept, marked, so that the field shows it. */
function reference(key: string, label: string, noneLabel: string, names: readonly Named[], read: (element: NetworkNode | NetworkLink) => string | undefined, write: ChoiceProperty['write']): ChoiceProperty {
  return {
    kind: 'choice',
    key,
    label,
    options: [{ value: NONE, label: noneLabel }, ...names.map((n) => ({ value: n.id, label: n.id }))],
    read: (element) => read(element) ?? NONE,
    write,
  };
}

function withMissing(property: ChoiceProperty, element: NetworkNode | NetworkLink): ChoiceProperty {
  const value = property.read(element);
  return property.options.some((o) => o.value === value) ? property : { ...property, options: [...property.options, { value, label: `${value} (missing)` }] };
}

const curvesOf = (network: NetworkDocument, kind: CurveKind) => network.curves.filter((c) => c.kind === kind);
const optional = (value: string) => (value === NONE ? undefined : value);
const setOptional = (key: string) => (network: NetworkDocument, ref: ElementRef, value: string) => {
  const element = findElement(network, ref) as unknown as Record<string, unknown>;
  const { [key]: _old, ...rest } = element;
  const id = optional(value);
  return updateElement(replaceElement(network, ref, rest), ref, id === undefined ? {} : { [key]: id });
};

/** What a full tank does with its inflow: closes the links that fill it, or spills it (EPANET 2.3's Overflow). */
const whenFull: ChoiceProperty = {
  kind: 'choice',
  key: 'overflow',
  label: 'When full',
  options: [
    { value: 'closes', label: 'Closes its inflow' },
    { value: 'overflows', label: 'Overflows' },
  ],
  read: (element) => ((element as { overflow?: boolean }).overflow ? 'overflows' : 'closes'),
  write: (network, ref, value) => {
    const { overflow: _old, ...rest } = findElement(network, ref) as unknown as Record<string, unknown>;
    return replaceElement(network, ref, value === 'overflows' ? { ...rest, overflow: true } : rest);
  },
};

/** Replaces an element whole (to drop an optional field). */
function replaceElement(network: NetworkDocument, ref: ElementRef, element: Record<string, unknown>): NetworkDocument {
  const key = ({ junction: 'junctions', reservoir: 'reservoirs', tank: 'tanks', pipe: 'pipes', pump: 'pumps', valve: 'valves' } as const)[ref.kind];
  return { ...network, [key]: (network[key] as { id: string }[]).map((e) => (e.id === ref.id ? element : e)) } as NetworkDocument;
}

function demandPattern(network: NetworkDocument): ChoiceProperty {
  const fallback = network.options.defaultPattern && network.patterns.some((p) => p.id === network.options.defaultPattern) ? `Default (${network.options.defaultPattern})` : 'None (constant)';
  return reference(
    'pattern',
    'Demand pattern',
    fallback,
    network.patterns,
    (e) => (e as { demands: { pattern?: string }[] }).demands[0]?.pattern,
    (n, ref, value) => setJunctionPattern(n, ref.id, optional(value)),
  );
}

/** The properties of an element, in the panel's order (the id is edited separately). */
export function propertiesOf(kind: ElementKind, element: NetworkNode | NetworkLink, network: NetworkDocument): Property[] {
  switch (kind) {
    case 'junction':
      return [elevation, demand, withMissing(demandPattern(network), element)];
    case 'reservoir':
      return [num('head', 'Total head', 'm', -500, 9000)];
    case 'tank':
      return [
        elevation,
        num('initialLevel', 'Initial level', 'm', 0, 1000),
        num('minLevel', 'Minimum level', 'm', 0, 1000),
        num('maxLevel', 'Maximum level', 'm', 0, 1000),
        num('diameter', 'Diameter', 'm', 0.01, 1000),
        withMissing(reference('volumeCurve', 'Volume curve', 'None (a cylinder of the diameter)', curvesOf(network, 'volume'), (e) => (e as { volumeCurve?: string }).volumeCurve, setOptional('volumeCurve')), element),
        whenFull,
      ];
    case 'pipe':
      return [
        num('length', 'Length', 'm', 0.01, 1_000_000),
        num('diameter', 'Diameter', 'mm', 1, 10_000),
        roughness(network),
        num('minorLoss', 'Minor loss coefficient', '', 0, 1000),
        choice('status', 'Status', [
          { value: 'open', label: 'Open' },
          { value: 'closed', label: 'Closed' },
          { value: 'cv', label: 'Check valve' },
        ]),
        // EPANET 2.3 pipe leakage (FAVAD); 0 is a tight pipe.
        num('leakArea', 'Leak area (mm²/100 m)', '', 0, 1_000_000, (e) => field('leakArea')(e) ?? 0),
        num('leakExpansion', 'Leak growth per m head (mm²/100 m)', '', 0, 1_000_000, (e) => field('leakExpansion')(e) ?? 0),
      ];
    case 'pump': {
      const curve = network.curves.find((c) => c.id === (element as { headCurve?: string }).headCurve);
      const onePoint = curve && curve.points.length === 1 ? [pumpPoint(0, 'Design flow', 'L/s', 0.001, 100_000), pumpPoint(1, 'Design head', 'm', 0.01, 10_000)] : [];
      return [
        withMissing(reference('headCurve', 'Head curve', 'None', curvesOf(network, 'pump'), (e) => (e as { headCurve?: string }).headCurve, setOptional('headCurve')), element),
        ...onePoint,
        num('speed', 'Relative speed', '', 0, 5),
        withMissing(reference('pattern', 'Speed pattern', 'None (constant)', network.patterns, (e) => (e as { pattern?: string }).pattern, setOptional('pattern')), element),
        choice('status', 'Status', [
          { value: 'open', label: 'Running' },
          { value: 'closed', label: 'Off' },
        ]),
      ];
    }
    case 'valve': {
      const setting = valveSetting((element as { type: string }).type);
      return [
        choice('type', 'Valve type', [
          { value: 'PRV', label: 'PRV (pressure reducing)' },
          { value: 'PSV', label: 'PSV (pressure sustaining)' },
          { value: 'PBV', label: 'PBV (pressure breaker)' },
          { value: 'FCV', label: 'FCV (flow control)' },
          { value: 'TCV', label: 'TCV (throttle control)' },
          { value: 'GPV', label: 'GPV (general purpose)' },
          { value: 'PCV', label: 'PCV (positional control)' },
        ]),
        num('diameter', 'Diameter', 'mm', 1, 10_000),
        ...(setting ? [setting] : []),
        ...((element as { type: string }).type === 'GPV'
          ? [withMissing(reference('headlossCurve', 'Head-loss curve', 'None', curvesOf(network, 'headloss'), (e) => (e as { headlossCurve?: string }).headlossCurve, setOptional('headlossCurve')), element)]
          : []),
        ...((element as { type: string }).type === 'PCV'
          ? [withMissing(reference('valveCurve', 'Opening curve', 'None (flow coefficient ∝ opening)', curvesOf(network, 'valve'), (e) => (e as { valveCurve?: string }).valveCurve, setOptional('valveCurve')), element)]
          : []),
        num('minorLoss', 'Minor loss coefficient', '', 0, 1000),
        choice('status', 'Status', [
          { value: 'active', label: 'Active (by its setting)' },
          { value: 'open', label: 'Fixed open' },
          { value: 'closed', label: 'Fixed closed' },
        ]),
      ];
    }
  }
}

/** An SI value as the panel shows it. */
export function toDisplay(property: Pick<NumberSpec, 'unit'>, si: number): number {
  return fromSIIn(si, property.unit);
}

/** What was typed (display unit) as SI, or the message to show under the field. */
export function parseDisplay(property: Pick<NumberSpec, 'unit' | 'min' | 'max'>, text: string): { si: number } | { error: string } {
  if (text.trim() === '') return { error: validationMessages.required };
  const value = Number(text);
  if (!Number.isFinite(value) || value < property.min || value > property.max) return { error: validationMessages.between(property.min, property.max) };
  return { si: toSIIn(value, property.unit) };
}

export const kindLabels: Record<ElementKind, string> = { junction: 'Junction', reservoir: 'Reservoir', tank: 'Tank', pipe: 'Pipe', pump: 'Pump', valve: 'Valve' };
