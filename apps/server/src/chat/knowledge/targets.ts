// Inputs for a target by inverting the fast estimates (metamodel_estimate_v2): "what current gives
// 3 mm penetration?" is answered by bisection on the current over its allowed range, every other
// input held, each evaluation the solver's own estimate, and the answer names the model used.
// Bisection needs the result to change monotonically with the input over the range; the ends are
// evaluated first and an unreachable target is said to be so, with the range that is reachable.

import { catalogueEntry, familyOf, fromSI, getAtPath, setAtPath, toSI, validateParameters } from '@simforge/contracts';
import { estimate } from '@simforge/solvers';
import { significant } from '../format.js';
import { parameterAt } from './parameters.js';

export interface TargetKind {
  id: string;
  /** Words that name the target in a question. */
  words: RegExp;
  family: string;
  /** Type used when the context has none of this family. */
  defaultType: string;
  /** The estimate's result it reads, and how the target follows from it. */
  result: string;
  fromResult: (value: number) => number;
  /** What the reading means (said in the answer). */
  note: string;
  /** The SI unit of the target. */
  unit: 'm' | 's';
  /** The run's summary key of the same quantity (what a completed run reports). */
  runKey: string;
  /** Inputs that may be varied, by the words that name them; the first is the default. `raises`: the result grows with the input. */
  inputs: { words: RegExp; path: string; raises: boolean }[];
}

/** The welding process inputs a question may name, in the order given (the first is the default). */
const WELDING_INPUT_WORDS = { current: /current|amp/i, voltage: /voltage|volt/i, travel_speed: /speed|travel/i } as const;
/** More current or voltage is more heat per length, a faster travel less: every weld size and t8/5 follow. */
const WELDING_INPUT_RAISES = { current: true, voltage: true, travel_speed: false } as const;
function weldingInputs(...names: (keyof typeof WELDING_INPUT_WORDS)[]): TargetKind['inputs'] {
  return names.map((name) => ({ words: WELDING_INPUT_WORDS[name], path: `process.${name}`, raises: WELDING_INPUT_RAISES[name] }));
}

export const TARGETS: TargetKind[] = [
  {
    id: 'penetration',
    words: /penetration|fusion depth|weld depth|depth of fusion/i,
    family: 'cwm',
    defaultType: 'SQUARE_BUTT_WELD',
    result: 'fusion_zone_width',
    fromResult: (w) => w / 2,
    note: "penetration read as half the fusion-zone width: Rosenthal's point source melts a hemisphere (thick plate); in a thin plate the line source melts through the thickness and the width is the answer's measure",
    unit: 'm',
    runKey: 'penetration_depth',
    inputs: weldingInputs('current', 'voltage', 'travel_speed'),
  },
  {
    id: 'fusion_zone_width',
    words: /fusion[- ]zone width|weld width|bead width|fusion width/i,
    family: 'cwm',
    defaultType: 'SQUARE_BUTT_WELD',
    result: 'fusion_zone_width',
    fromResult: (w) => w,
    note: 'fusion-zone width at the solidus',
    unit: 'm',
    runKey: 'fusion_zone_width',
    inputs: weldingInputs('current', 'voltage', 'travel_speed'),
  },
  {
    id: 't8_5',
    words: /t8\/5|t85|t 8\/5|cooling time/i,
    family: 'cwm',
    defaultType: 'BUTT_WELD',
    result: 't8_5',
    fromResult: (t) => t,
    note: 'cooling time from 800 to 500 °C',
    unit: 's',
    runKey: 't8_5',
    inputs: weldingInputs('current', 'travel_speed', 'voltage'),
  },
  {
    id: 'melt_pool_width',
    words: /melt[- ]?pool(?! depth)|track width/i,
    family: 'melt-pool',
    defaultType: 'LASER_RIGID_PLATE',
    result: 'melt_pool_width',
    fromResult: (w) => w,
    note: 'melt-pool width at the solidus',
    unit: 'm',
    runKey: 'melt_pool_width',
    inputs: [
      { words: /power|watt/i, path: 'laser.power', raises: true },
      { words: /speed|scan/i, path: 'laser.scan_speed', raises: false },
    ],
  },
];

const UNIT_ALIASES: Record<string, string> = { um: 'µm', μm: 'µm', µm: 'µm', mm: 'mm', cm: 'cm', m: 'm', s: 's', sec: 's', seconds: 's', micron: 'µm', microns: 'µm' };

export interface ParsedTarget {
  kind: TargetKind;
  value: number;
  /** As the user wrote it. */
  text: string;
  inputPath: string;
}

/** A target in a question: a known quantity and a number with a unit ("3 mm penetration", "150 µm melt pool"). */
export function parseTarget(question: string): ParsedTarget | null {
  const kind = TARGETS.find((t) => t.words.test(question));
  if (!kind) return null;
  const match = /(\d+(?:[.,]\d+)?)\s*(µm|μm|um|microns?|mm|cm|m|sec|seconds|s)\b/i.exec(question);
  if (!match) return null;
  const unit = UNIT_ALIASES[match[2]!.toLowerCase()] ?? match[2]!;
  if ((kind.unit === 's') !== (unit === 's')) return null;
  const number = Number(match[1]!.replace(',', '.'));
  const value = toSI(number, unit);
  const input = kind.inputs.find((i) => i.words.test(question.replace(kind.words, ''))) ?? kind.inputs[0]!;
  return { kind, value, text: `${match[1]} ${unit}`, inputPath: input.path };
}

export interface Inversion {
  markdown: string;
  /** The input's value that reaches the target, SI; null when out of reach. */
  value: number | null;
  type: string;
  model: string | null;
}

/** The case an inversion works on: the run's or form's (or the type's defaults) and the input's field. */
export interface InversionContext {
  type: string | null;
  parameters: Record<string, unknown> | null;
  /** The completed run's summary values (SI), when the question is asked on a run. */
  runSummary?: Record<string, number | string> | null;
}

/** The fast estimate's stated accuracy against the solve on the defaults (ADR 0007: a value is shown only within 30 %). */
const ESTIMATE_ACCURACY = 0.3;

/** Bisection on [lo, hi] for f(x) = goal, f monotonic; stops at 1e-4 of the range or within 0.1 % of the goal. */
function bisect(f: (x: number) => number | null, lo: number, hi: number, fLo: number, goal: number): number {
  let a = lo;
  let b = hi;
  let fa = fLo;
  for (let i = 0; i < 60 && b - a > 1e-4 * (hi - lo); i++) {
    const m = (a + b) / 2;
    const fm = f(m);
    if (fm === null) break;
    // Within 0.1 % of the target is closer than any estimate is accurate.
    if (Math.abs(fm - goal) <= 1e-3 * Math.abs(goal)) return m;
    if ((fa - goal) * (fm - goal) <= 0) b = m;
    else {
      a = m;
      fa = fm;
    }
  }
  return (a + b) / 2;
}

/**
 * Bisection on the input within its allowed range: the result must straddle the target at the
 * ends. On a completed run the estimate is first put through the run's own value: scaled by
 * run / estimate at the run's inputs, so the answer starts from what the user sees and moves the
 * right way; the answer says so, and says when the two differ by more than the estimate's accuracy.
 */
export function invertEstimate(target: ParsedTarget, context: InversionContext): Inversion {
  const { kind } = target;
  const contextFits = context.type !== null && familyOf(context.type) === kind.family && catalogueEntry(context.type)?.parameters;
  const type = contextFits ? context.type! : kind.defaultType;
  const schema = catalogueEntry(type)?.parameters;
  if (!schema) return { markdown: `There is no fast estimate for ${kind.note} yet: ${type} has no parameter schema in this version.`, value: null, type, model: null };
  const checked = validateParameters(schema, contextFits && context.parameters ? context.parameters : {});
  const base = checked.success ? checked.data : (validateParameters(schema, {}) as { success: true; data: Record<string, unknown> }).data;
  const field = parameterAt(type, target.inputPath);
  if (!field || field.kind !== 'number') return { markdown: `${type} has no input \`${target.inputPath}\` to vary.`, value: null, type, model: null };

  let model: string | null = null;
  const evaluate = (x: number): number | null => {
    try {
      const result = estimate(type, setAtPath(base, target.inputPath, x));
      const scalar = result.results[kind.result];
      model = result.model;
      return scalar && typeof scalar.value === 'number' ? kind.fromResult(scalar.value) : null;
    } catch {
      return null;
    }
  };
  const unitText = (v: number) => (kind.unit === 'm' ? `${significant(v * 1000)} mm` : `${significant(v)} s`);
  const input = (v: number) => `${significant(field.displayUnit && field.displayUnit !== field.unit ? fromSI(v, field.displayUnit) : v)} ${field.displayUnit}`.trimEnd();
  const current = getAtPath(base, target.inputPath);
  const runValue = contextFits ? context.runSummary?.[kind.runKey] : undefined;
  const onRun = typeof runValue === 'number' && runValue > 0 && typeof current === 'number';
  const quantity = kind.id === 't8_5' ? 't8/5' : kind.id.replace(/_/g, ' ');
  const inputEntry = kind.inputs.find((i) => i.path === target.inputPath) ?? kind.inputs[0]!;

  // The run's value, and the estimate at the run's own inputs.
  let scale = 1;
  const runLines: string[] = [];
  if (onRun) {
    const atRun = evaluate(current as number);
    if (atRun === null || !(atRun > 0)) {
      const more = (runValue as number) < target.value;
      const direction = more === inputEntry.raises ? 'raise' : 'lower';
      return {
        markdown: [
          `This run gives **${unitText(runValue as number)}** of ${quantity} at **${field.label}** ${input(current as number)}; for ${target.text}, **${direction}** ${field.label} (the ${quantity} ${inputEntry.raises ? 'grows' : 'falls'} with it).`,
          '',
          `The fast estimate of ${type} gives no \`${kind.result}\`${model ? ` (model: ${model})` : ''}, so I cannot say by how much: change it in steps and run the simulation again.`,
        ].join('\n'),
        value: null,
        type,
        model,
      };
    }
    scale = (runValue as number) / atRun;
    const off = Math.abs(scale - 1);
    runLines.push(
      `- This run gives ${unitText(runValue as number)} at ${input(current as number)}; the fast estimate gives ${unitText(atRun)} there, so its values are scaled by ${significant(scale, 3)} to pass through the run.`,
    );
    if (off > ESTIMATE_ACCURACY) {
      runLines.push(`- The estimate and this run differ by ${significant(100 * off, 2)} %, more than the estimate's stated ${100 * ESTIMATE_ACCURACY} %: treat the value as a direction and a first step, and run the simulation to confirm.`);
    }
  }
  const f = (x: number): number | null => {
    const e = evaluate(x);
    return e === null ? null : scale * e;
  };
  const lo = field.min;
  const hi = field.max;
  const fLo = f(lo);
  const fHi = f(hi);
  if (fLo === null || fHi === null) {
    return {
      markdown: `The fast estimate of ${type} gives no \`${kind.result}\`${model ? ` (model: ${model})` : ''}, so I cannot invert it for ${kind.note}. Run the simulation and compare instead.`,
      value: null,
      type,
      model,
    };
  }
  if ((fLo - target.value) * (fHi - target.value) > 0) {
    const [a, b] = fLo < fHi ? [fLo, fHi] : [fHi, fLo];
    return {
      markdown: [
        `${target.text} of ${quantity} is out of reach by changing **${field.label}** alone on ${type}: over its allowed range ${input(lo)} to ${input(hi)} the estimate gives ${unitText(a)} to ${unitText(b)}.`,
        '',
        `Model: ${model}. Try another input (e.g. ${kind.inputs.filter((i) => i.path !== target.inputPath).map((i) => `\`${i.path}\``).join(', ') || 'the geometry'}) as well.`,
        ...(runLines.length ? ['', ...runLines] : []),
      ].join('\n'),
      value: null,
      type,
      model,
    };
  }
  const x = bisect(f, lo, hi, fLo, target.value);
  const check = f(x);
  const change = typeof current === 'number' ? (x > current ? 'raise' : 'lower') : null;
  const markdown = [
    `For **${target.text} ${quantity}** on ${type}, ${change ? `${change} ` : 'set '}**${field.label}** to about **${input(x)}**${typeof current === 'number' ? ` (now ${input(current)})` : ''}, every other input as ${contextFits ? 'in your simulation' : `in the ${type} defaults`}.`,
    '',
    ...runLines,
    `- Check: the ${onRun ? 'scaled ' : ''}estimate at ${input(x)} gives ${check === null ? 'no value' : unitText(check)} (${kind.note}).`,
    `- Model used: ${model}.`,
    `- Found by bisection of the fast estimate over ${input(lo)} to ${input(hi)}; run the full simulation to confirm.`,
  ].join('\n');
  return { markdown, value: x, type, model };
}
