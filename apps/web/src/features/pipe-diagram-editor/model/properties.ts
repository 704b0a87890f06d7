// What the side panel and the bulk table edit, per kind of element: label, display unit, physical
// range (the form's `between` rule, in the display unit) and how a value is read from and written to
// the document (SI inside; the unit conversion is the contracts').
import { fromSI, toSI, validationMessages, type NetworkDocument } from '@simforge/contracts';
import { findElement, updateElement, type ElementKind, type ElementRef, type NetworkLink, type NetworkNode } from './editing';

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

/** The setting of a valve in its type's terms: a pressure (PRV, PSV, PBV), a flow (FCV) or a loss coefficient (TCV). */
function valveSetting(type: string): NumberProperty | null {
  if (type === 'PRV' || type === 'PSV' || type === 'PBV') return num('setting', type === 'PBV' ? 'Pressure drop' : 'Pressure setting', 'kPa', 0, 10_000);
  if (type === 'FCV') return num('setting', 'Flow setting', 'L/s', 0, 100_000);
  if (type === 'TCV') return num('setting', 'Loss coefficient', '', 0, 100_000);
  return null;
}

/** The properties of an element, in the panel's order (the id is edited separately). */
export function propertiesOf(kind: ElementKind, element: NetworkNode | NetworkLink, network: NetworkDocument): Property[] {
  switch (kind) {
    case 'junction':
      return [elevation, demand];
    case 'reservoir':
      return [num('head', 'Total head', 'm', -500, 9000)];
    case 'tank':
      return [elevation, num('initialLevel', 'Initial level', 'm', 0, 1000), num('minLevel', 'Minimum level', 'm', 0, 1000), num('maxLevel', 'Maximum level', 'm', 0, 1000), num('diameter', 'Diameter', 'm', 0.01, 1000)];
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
      ];
    case 'pump': {
      const curve = network.curves.find((c) => c.id === (element as { headCurve?: string }).headCurve);
      const onePoint = curve && curve.points.length === 1 ? [pumpPoint(0, 'Design flow', 'L/s', 0.001, 100_000), pumpPoint(1, 'Design head', 'm', 0.01, 10_000)] : [];
      return [
        ...onePoint,
        num('speed', 'Relative speed', '', 0, 5),
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
        ]),
        num('diameter', 'Diameter', 'mm', 1, 10_000),
        ...(setting ? [setting] : []),
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

const siUnit = (unit: string) => (unit === '' ? '' : unit);

/** An SI value as the panel shows it. */
export function toDisplay(property: NumberProperty, si: number): number {
  return property.unit === '' ? si : fromSI(si, siUnit(property.unit));
}

/** What was typed (display unit) as SI, or the message to show under the field. */
export function parseDisplay(property: NumberProperty, text: string): { si: number } | { error: string } {
  if (text.trim() === '') return { error: validationMessages.required };
  const value = Number(text);
  if (!Number.isFinite(value) || value < property.min || value > property.max) return { error: validationMessages.between(property.min, property.max) };
  return { si: property.unit === '' ? value : toSI(value, property.unit) };
}

export const kindLabels: Record<ElementKind, string> = { junction: 'Junction', reservoir: 'Reservoir', tank: 'Tank', pipe: 'Pipe', pump: 'Pump', valve: 'Valve' };
