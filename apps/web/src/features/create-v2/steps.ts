// How a type's parameters are spread over the create-v2 steps, decided from the form description
// alone (describeForm), so that every type of the catalogue, including the ones being added now,
// gets its steps without per-type code:
//
// - geometry: a group whose key or label names a shape (geometry, section, nozzle, ridge, plate,
//   pipe, well, tank, dimensions), a top-level length or angle (a pipe's diameter, length,
//   roughness), and the widget-edited shapes (a drawn cross-section, a network file);
// - mesh and run settings: folded-away (advanced) single fields, and fields whose key names a numerical or
//   modelling choice (mesh, cells, segments, stations, step, tolerance, convergence, accuracy,
//   trials, duration, period, model, scheme, cooling or end time);
// - material and process: everything else (material, fluid, process, heat source, boundary
//   conditions, chemistry).
// A folded-away (advanced) group goes by its name like any group and is shown unfolded in its step:
// the step is the place to review it (the generic form would hide its fields).
import { type FormCustomField, type FormDescription, type FormField, type FormNode } from '@simforge/contracts';

export const parameterSteps = ['geometry', 'process', 'settings'] as const;
export type ParameterStep = (typeof parameterSteps)[number];

export const stepLabels: Record<ParameterStep | 'family' | 'type' | 'review', string> = {
  family: 'Family',
  type: 'Type',
  geometry: 'Geometry',
  process: 'Material and process',
  settings: 'Mesh and run settings',
  review: 'Review',
};

const geometryGroup = /geometr|section|nozzle|ridge|plate|pipe|well|tank|dimension|shape/i;
const settingsKey = /mesh|cells|segments|stations|step|tolerance|convergence|accuracy|trials|duration|period|model|scheme|resolution|numerics|cooling_time|end_time/i;
const geometryWidgets = new Set(['cross_section', 'text']);

/** The step of one top-level node of the form. */
export function stepOfNode(node: FormNode): ParameterStep {
  if (node.kind === 'group') {
    if (geometryGroup.test(node.key) || geometryGroup.test(node.label)) return 'geometry';
    if (settingsKey.test(node.key)) return 'settings';
    return 'process';
  }
  if (node.advanced || settingsKey.test(node.key)) return 'settings';
  if (node.kind === 'number' && (node.quantity === 'length' || node.quantity === 'angle')) return 'geometry';
  return 'process';
}

/** The step of a widget-edited parameter (a drawn cross-section or a network file: geometry). */
export function stepOfCustom(field: FormCustomField): ParameterStep {
  return geometryWidgets.has(field.widget) ? 'geometry' : 'settings';
}

function flatten(nodes: readonly FormNode[]): FormField[] {
  return nodes.flatMap((node) => (node.kind === 'group' ? flatten(node.children) : [node]));
}

/** The part of a form description one step shows (its own nodes, fields and custom parameters). */
export function stepDescription(form: FormDescription, step: ParameterStep): FormDescription {
  const nodes = form.nodes.filter((node) => stepOfNode(node) === step).map((node) => (node.kind === 'group' && node.advanced ? { ...node, advanced: false } : node));
  return { nodes, fields: flatten(nodes), custom: form.custom.filter((field) => stepOfCustom(field) === step) };
}

/**
 * The parameter steps a type shows: those with something to set (a type whose parameters are all
 * process values has no geometry step). Custom parameters without an editor (`positions`) do not
 * make a step on their own.
 */
export function stepsOf(form: FormDescription): ParameterStep[] {
  return parameterSteps.filter((step) => {
    const part = stepDescription(form, step);
    return part.nodes.length > 0 || part.custom.some((field) => geometryWidgets.has(field.widget));
  });
}

/** The step holding a parameter path (`geometry.thickness`, `inp`), for sending the user back to a message. */
export function stepOfPath(form: FormDescription, path: string): ParameterStep | undefined {
  const top = path.split('.')[0];
  const node = form.nodes.find((n) => n.key === top);
  if (node) return stepOfNode(node);
  const custom = form.custom.find((f) => f.path === path || path.startsWith(`${f.path}.`));
  return custom ? stepOfCustom(custom) : undefined;
}
