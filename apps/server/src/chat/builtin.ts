// The built-in assistant: no outside service. It decides what the question is about from its words
// and the context (an image, a target with a number and unit, a failed simulation, results, a
// parameter, the product), answers with one of the tools, and says so honestly when it cannot.

import type { ChatContext } from './context.js';
import { findParameters, parameterTable } from './knowledge/parameters.js';
import { answerNamedResults, namedResults, RESULT_GLOSSARY } from './knowledge/result-glossary.js';
import { parseTarget } from './knowledge/targets.js';
import { tool, type ToolResult } from './tools.js';

export type Intent = 'image' | 'target' | 'result' | 'diagnosis' | 'results' | 'parameter' | 'docs' | 'greeting' | 'unknown';

export interface Answer {
  reply: string;
  intent: Intent;
  suggestions: string[];
  sources: { title: string; path: string }[];
}

/** BM25 score below which a documentation hit is not an answer. */
const DOCS_MIN_SCORE = 3;

export function detectIntent(message: string, context: ChatContext): Intent {
  const m = message.toLowerCase();
  if ((context.image || context.imageError) && (/image|picture|outline|joint|shape|sketch|drawing|photo|attached|this\b|what is it/.test(m) || m.length < 40)) return 'image';
  if (parseTarget(message)) return 'target';
  if (context.simulation?.summary && namedResults(message, context.simulation.summary).length > 0 && !/\b(what|which) (input|current|power|speed|voltage)\b.*\b(gives?|for)\b/i.test(m)) return 'result';
  if (/\bfail|error|crash|went wrong|broke|didn'?t (run|work)|why did/.test(m) && (context.simulation?.status === 'failed' || !context.simulation)) return 'diagnosis';
  if (/result|summary|output|explain (the|my|this) (run|simulation)|what did (it|the simulation)|how (hot|long|wide|deep)/.test(m) && context.simulation) return 'results';
  if (/^\s*(hi|hello|hey|good (morning|afternoon|evening))\b/.test(m) && m.length < 40) return 'greeting';
  // "What does the welding model assume / how is it verified": the documentation, not the `model` input.
  const aboutTheModels = /\b(assum|verif|validat|valid\b|solves?\b|solved|accura|limitation|how (is|are) .* (solved|computed|modelled))/i.test(m);
  if (aboutTheModels && (context.docs.search(message, 1)[0]?.score ?? 0) >= DOCS_MIN_SCORE) return 'docs';
  if (findParameters(message, context.type).length > 0 || (context.type && /(which|what|list( the)?|all) (parameters|inputs)/.test(m))) return 'parameter';
  if ((context.docs.search(message, 1)[0]?.score ?? 0) >= DOCS_MIN_SCORE) return 'docs';
  return 'unknown';
}

function suggestionsFor(intent: Intent, context: ChatContext): string[] {
  const s: string[] = [];
  const sim = context.simulation;
  if (sim?.status === 'failed' && intent !== 'diagnosis') s.push('Why did this fail?');
  if (sim?.status === 'completed' && intent !== 'results') s.push('Explain the results');
  const first = sim?.summary ? RESULT_GLOSSARY.find((entry) => entry.key in sim.summary!) : undefined;
  const family = context.type ? (context.type.startsWith('LASER') ? 'melt-pool' : /WELD|JOINT/.test(context.type) ? 'cwm' : null) : null;
  if (intent !== 'target') {
    // On a run, a target the run does not already meet: 20 % beyond its own value.
    const runWidth = sim?.summary?.['melt_pool_width']?.value;
    const runDepth = sim?.summary?.['penetration_depth']?.value;
    if (family === 'melt-pool') s.push(`What laser power gives a ${typeof runWidth === 'number' ? Math.round(runWidth * 1.2e6) : 150} µm melt pool?`);
    else if (family === 'cwm' || !context.type) s.push(`What current gives ${typeof runDepth === 'number' ? +(runDepth * 1.2e3).toFixed(1) : 3} mm penetration?`);
  }
  if (first && intent !== 'result' && s.length < 3) s.push(`What is the ${first.name.replace(/^[A-Z](?![A-Z0-9/])/, (c) => c.toLowerCase())} of this run?`);
  if (intent !== 'parameter') s.push(family === 'melt-pool' ? 'What does absorptivity mean?' : context.type ? 'Which parameters can I set, and in what units?' : 'What does travel speed mean?');
  if (intent === 'image') s.push('Import the outline into the cross-section designer');
  if (intent !== 'docs') s.push('How are simulations run and aborted?');
  return s.slice(0, 4);
}

export async function builtInAnswer(message: string, context: ChatContext): Promise<Answer> {
  const intent = detectIntent(message, context);
  let result: ToolResult;
  switch (intent) {
    case 'image':
      result = await tool('describe_image').run({}, context);
      break;
    case 'target':
      result = await tool('inputs_for_target').run({ question: message }, context);
      break;
    case 'result': {
      const sim = context.simulation!;
      result = { markdown: answerNamedResults(namedResults(message, sim.summary!), sim.summary!, context.parameters, sim.title) };
      break;
    }
    case 'diagnosis':
      result = await tool('diagnose_failure').run({}, context);
      break;
    case 'results':
      result = await tool('simulation_results').run({}, context);
      break;
    case 'parameter':
      result =
        findParameters(message, context.type).length === 0 && context.type
          ? { markdown: parameterTable(context.type) }
          : await tool('parameter_info').run({ question: message }, context);
      break;
    case 'docs':
      result = await tool('search_docs').run({ query: message }, context);
      break;
    case 'greeting':
      result = {
        markdown: [
          "Hello. I am SimForge's built-in assistant. I can:",
          '- explain a parameter (meaning, unit, allowed range),',
          '- give a result of the simulation you have open (t8/5, penetration, Nusselt number, …) with its meaning and, where a standard sets one, the limit; explain all its results, or why it failed,',
          '- suggest an input for a target from the fast estimates (e.g. the current for 3 mm penetration),',
          '- read an attached drawing of a cross-section (outline, size, joint type),',
          '- answer questions about the product from its documentation.',
        ].join('\n'),
      };
      break;
    default:
      result = {
        markdown: [
          "I don't know the answer to that, and I would rather not guess numbers.",
          '',
          'I can answer questions about parameters, the simulation you have open (a named result with its meaning, all results, failures), targets from the fast estimates, attached cross-section images and what each model solves, assumes and was verified against.',
        ].join('\n'),
      };
  }
  return { reply: result.markdown, intent, suggestions: suggestionsFor(intent, context), sources: result.sources ?? [] };
}
