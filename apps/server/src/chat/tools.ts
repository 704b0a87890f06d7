// The assistant's functions: the built-in assistant calls them directly, a configured model gets
// them as OpenAI-style tools. Each returns markdown built from server-side data only.

import { jointLabel } from '../images/index.js';
import type { ChatContext } from './context.js';
import { significant } from './format.js';
import { findParameters } from './knowledge/parameters.js';
import { answerNamedResults, namedResults } from './knowledge/result-glossary.js';
import { diagnoseFailure, explainResults } from './knowledge/results.js';

export interface ToolResult {
  markdown: string;
  sources?: { title: string; path: string }[];
}

export interface ChatTool {
  name: string;
  description: string;
  /** JSON schema of the arguments (OpenAI function calling). */
  parameters: Record<string, unknown>;
  run(args: Record<string, unknown>, context: ChatContext): ToolResult | Promise<ToolResult>;
}

const text = (args: Record<string, unknown>, key: string) => (typeof args[key] === 'string' ? (args[key] as string) : '');

/** The arguments' JSON schema of a tool that takes none. */
const noArguments = { type: 'object', properties: {} };

/** The arguments' JSON schema of a tool that takes one text, required. */
const oneText = (key: string, description?: string) => ({
  type: 'object',
  properties: { [key]: { type: 'string', ...(description === undefined ? {} : { description }) } },
  required: [key],
});

/** A tool on the saved simulation in context, without arguments: `noSimulation` answers when none is open. */
function simulationTool(
  name: string,
  description: string,
  noSimulation: string,
  answer: (simulation: NonNullable<ChatContext['simulation']>, context: ChatContext) => string,
): ChatTool {
  return {
    name,
    description,
    parameters: noArguments,
    run: (_args, context) => ({ markdown: context.simulation ? answer(context.simulation, context) : noSimulation }),
  };
}

export const chatTools: ChatTool[] = [
  {
    name: 'parameter_info',
    description: "Meaning, unit, allowed range and default of simulation parameters named in a question (from the parameter schemas). Uses the simulation type in context when there is one.",
    parameters: oneText('question', 'The question or the parameter name'),
    run(args, context) {
      const found = findParameters(text(args, 'question'), context.type);
      if (found.length === 0) return { markdown: `No parameter${context.type ? ` of ${context.type}` : ''} matches "${text(args, 'question')}".` };
      return { markdown: found.map((f) => f.markdown).join('\n\n') };
    },
  },
  simulationTool(
    'simulation_results',
    'The summary results (with units) and available plots of the simulation in context.',
    'No saved simulation is in context: open one to ask about its results.',
    (simulation, context) => explainResults(simulation, context.seriesNames),
  ),
  {
    name: 'named_result',
    description:
      "One or more results of the simulation in context that a question names (t8/5, HAZ hardness, penetration, melt-pool width, Nusselt number, pressure drop, …): the run's value with its unit, what it means, and a judgement against a cited limit where one exists.",
    parameters: oneText('question', 'The question, or the result’s name'),
    run(args, context) {
      const sim = context.simulation;
      if (!sim?.summary) return { markdown: 'No completed simulation is in context: open one to ask about its results.' };
      const found = namedResults(text(args, 'question'), sim.summary);
      if (found.length === 0) return { markdown: `No result of ${sim.title} matches "${text(args, 'question')}"; its results are: ${Object.values(sim.summary).map((s) => s.label.split(' (')[0]).join('; ')}.` };
      return { markdown: answerNamedResults(found, sim.summary, context.parameters, sim.title) };
    },
  },
  simulationTool(
    'diagnose_failure',
    'Why the simulation in context failed: its error code and message, what it means, and the relevant log lines.',
    'No saved simulation is in context: open the failed simulation and ask again.',
    (simulation, context) => diagnoseFailure(simulation, context.log),
  ),
  {
    name: 'inputs_for_target',
    description:
      'Suggest an input for a target result by inverting the fast estimate (e.g. the welding current for 3 mm penetration, the laser power for a 150 µm melt-pool width). Give the question with the number and unit.',
    parameters: oneText('question'),
    async run(args, context) {
      const summary = context.simulation?.status === 'completed' ? context.simulation.summary : null;
      const runSummary = summary ? Object.fromEntries(Object.entries(summary).map(([key, s]) => [key, s.value])) : null;
      const inversion = await context.invertTarget(text(args, 'question'), { type: context.type, parameters: context.parameters, runSummary });
      if (!inversion) return { markdown: 'Name the target with a number and unit, e.g. "current for 3 mm penetration" or "power for a 150 µm melt pool".' };
      return { markdown: inversion.markdown };
    },
  },
  {
    name: 'search_docs',
    description: "Search the product's user documentation (what each model solves, its assumptions, validity and verification; how simulations are run, exported and verified) for a question about the product.",
    parameters: oneText('query'),
    run(args, context) {
      const query = text(args, 'query');
      // A question that names a family is answered from that family's page when it has a match.
      const page = FAMILY_PAGES.find((f) => f.words.test(query));
      const all = context.docs.search(query, 8);
      const own = page ? all.filter((h) => h.title.startsWith(page.title)) : [];
      const hits = (own.length > 0 ? own : all).slice(0, 3);
      if (hits.length === 0) return { markdown: 'Nothing in the documentation matches.' };
      return {
        markdown: hits.map((h) => `From *${h.title}*:\n\n${excerpt(h.text)}`).join('\n\n---\n\n'),
        sources: hits.map((h) => ({ title: h.title, path: h.path })),
      };
    },
  },
  {
    name: 'describe_image',
    description: 'The analysis of the image uploaded with the message: outline, size, holes and the welding joint type guess.',
    parameters: noArguments,
    run(_args, context) {
      return { markdown: describeImage(context) };
    },
  },
];

/** The user documentation's page titles (docs/user) and the words that name each family. */
const FAMILY_PAGES: { words: RegExp; title: string }[] = [
  { words: /melt[- ]?pool|laser/i, title: 'Laser melt-pool simulations' },
  { words: /weld/i, title: 'Welding simulations' },
  { words: /network|epanet/i, title: 'Pipe networks' },
  { words: /pipe|annulus|annuli|duct/i, title: 'Pipe and annulus flow' },
  { words: /geotherm|heat storage|\bstore\b|\btank\b|\bwell\b/i, title: 'Geothermal plant' },
  { words: /\bjets?\b|impinging|impactor|particle/i, title: 'Impinging jets' },
];

export function tool(name: string): ChatTool {
  const found = chatTools.find((t) => t.name === name);
  if (!found) throw new Error(`No chat tool ${name}`);
  return found;
}

/** The first paragraphs of a section, at most about 700 characters, cut at a line. */
export function excerpt(body: string, max = 700): string {
  if (body.length <= max) return body.trim();
  const cut = body.lastIndexOf('\n', max);
  return `${body.slice(0, cut > 200 ? cut : max).trim()}\n…`;
}

export function describeImage(context: ChatContext): string {
  if (context.imageError) return `I could not analyse the image: ${context.imageError}.`;
  const a = context.image;
  if (!a) return 'No image came with this message: attach a PNG, JPEG or WebP drawing of the cross-section.';
  const size = a.bounds_mm
    ? `${significant(a.bounds_mm.width)} × ${significant(a.bounds_mm.height)} mm (${significant(a.bounds_px.width)} × ${significant(a.bounds_px.height)} px at ${significant(a.px_per_mm!)} px/mm)`
    : `${significant(a.bounds_px.width)} × ${significant(a.bounds_px.height)} px (no scale given, so no millimetres)`;
  const parts = a.parts.length > 1 ? `${a.parts.length} separate parts; the largest has` : 'One part with';
  const lines = [
    `**${a.file_name ?? 'The image'}** (${a.image.width} × ${a.image.height} px, ${a.image.type}): ${parts} an outline of ${a.outline.length} corners, ${a.holes.length} hole${a.holes.length === 1 ? '' : 's'}, bounding size ${size}.`,
    '',
    a.joint.type === 'unknown'
      ? `Joint type: **not recognised** (best guess ${a.joint.runner_up ? `${a.joint.runner_up.label}, confidence ${a.joint.runner_up.confidence}` : 'none'}; below the 0.5 threshold).`
      : `Joint type: **${jointLabel(a.joint.type)}** (\`${a.joint.type}\`), confidence ${a.joint.confidence}${a.joint.runner_up ? `; runner-up ${a.joint.runner_up.label} (${a.joint.runner_up.confidence})` : ''}.`,
    '',
    `Area ${a.area_mm2 !== null ? `${significant(a.area_mm2)} mm²` : `${significant(a.area_px)} px²`}. Outline found by Otsu threshold, marching squares and Douglas–Peucker (tolerance ${a.tolerance_px} px).`,
    '',
    'Use **Import from image** to open the outline in the cross-section designer, check it and confirm: nothing is built from an image without your confirmation.',
  ];
  return lines.join('\n');
}
