// The built-in assistant against a set of realistic questions an engineer asks on a completed run of
// every family (the runs' stored summaries, fixtures/default-runs.json, from the solvers' defaults on
// the coarse mesh) and about the product without a run. Each answer must contain the facts listed (the
// run's value as the page shows it, the meaning, a judgement where a standard sets a limit, the
// direction of a change) and never a development note, a code path or a file name.

import { describe, expect, it } from 'vitest';
import type { ChatContext } from './context.js';
import { builtInAnswer } from './builtin.js';
import { loadProjectDocs } from './docs-index.js';
import { formatQuantity } from './format.js';
import runs from './fixtures/default-runs.json' with { type: 'json' };
import { invertEstimate, parseTarget } from './knowledge/targets.js';
import type { StoredScalarLike } from './knowledge/results.js';

type RunName = keyof typeof runs;

const docs = loadProjectDocs();

function contextOf(name: RunName | null): ChatContext {
  const run = name ? runs[name] : null;
  const simulation = run
    ? {
        id: `sim-${name}`,
        title: run.title,
        type: name!,
        status: 'completed',
        error: null,
        summary: run.summary as Record<string, StoredScalarLike>,
        solver_version: run.solver_version,
        parameters: run.parameters as Record<string, unknown>,
      }
    : null;
  return {
    simulation,
    type: name,
    parameters: (run?.parameters as Record<string, unknown> | undefined) ?? null,
    screen: null,
    log: [],
    seriesNames: [],
    image: null,
    imageError: null,
    docs,
    invertTarget: async (question, context) => {
      const target = parseTarget(question);
      return target ? invertEstimate(target, context) : null;
    },
  };
}

/** The run's value of `key` as the assistant shows it. */
function shown(name: RunName, key: string): string {
  const s = (runs[name].summary as Record<string, StoredScalarLike>)[key]!;
  return formatQuantity(s.value, s.unit);
}

interface Question {
  run: RunName | null;
  ask: string;
  /** Literal texts (or patterns) the answer must contain. */
  facts: (string | RegExp)[];
  /** Texts it must not contain (beyond the development-note check every answer gets). */
  not?: (string | RegExp)[];
}

const W = 'T_JOINT_FILLET_WELD' as const;
const B = 'BUTT_WELD' as const;
const L = 'LASER_RIGID_PLATE' as const;
const P = 'CIRCULAR_PIPE' as const;
const A = 'CIRCULAR_ANNULUS' as const;
const N = 'PIPE_NETWORK' as const;
const G = 'GEOTHERMAL_PLANT_TES' as const;
const J = 'JET_IMPINGING_SURFACE' as const;
const JP = 'JET_WITH_PARTICLES_IMPINGING_SURFACE' as const;

const QUESTIONS: Question[] = [
  // Welding: a fillet and a butt weld.
  { run: W, ask: 'What is the t8/5 of this run and is the HAZ hardness acceptable?', facts: [shown(W, 't8_5'), shown(W, 'max_haz_hardness'), '800 °C to 500 °C', '380 HV10', 'EN ISO 15614-1', /\*\*within\*\*/] },
  { run: W, ask: 'What penetration did I get?', facts: [shown(W, 'penetration_depth'), 'partial penetration', 'below the bead surface'] },
  { run: W, ask: 'How wide is the HAZ?', facts: [shown(W, 'haz_width'), 'Ac1'] },
  { run: W, ask: 'What heat input does this weld have?', facts: [shown(W, 'heat_input'), 'η·U·I/v'] },
  { run: W, ask: 'How much angular distortion should I expect?', facts: [shown(W, 'angular_distortion'), 'rotation of the plate edges'] },
  { run: W, ask: 'How hot does it get?', facts: [shown(W, 'peak_temperature'), 'highest temperature'] },
  { run: W, ask: 'Is energy conserved in this run?', facts: ['round-off'] },
  { run: W, ask: 'What current gives 3 mm penetration?', facts: ['4.284 mm', /\*\*lower\*\* [^.]*current/i], not: [/\*\*raise\*\*/] },
  { run: W, ask: 'What travel speed gives 3 mm penetration?', facts: [/\*\*raise\*\* [^.]*travel speed/i] },
  { run: W, ask: 'What is the fused area?', facts: [shown(W, 'fusion_zone_area'), 'melted'] },
  { run: B, ask: 'Did the weld penetrate fully?', facts: [shown(B, 'penetration_depth'), 'full penetration'] },
  { run: B, ask: 'Is the HAZ hardness OK for S355?', facts: [shown(B, 'max_haz_hardness'), 'within', '380 HV10'] },
  { run: B, ask: 'What current gives a t8/5 of 10 s?', facts: [/lower \*\*[^*]*current\*\*/i, 'This run gives 21.28 s'] },
  { run: B, ask: 'What is the cooling time t8/5?', facts: [shown(B, 't8_5')] },
  // Melt pool.
  { run: L, ask: 'What is the melt-pool width?', facts: [shown(L, 'melt_pool_width'), 'solidus'] },
  { run: L, ask: 'How deep is the melt pool?', facts: [shown(L, 'melt_pool_depth')] },
  { run: L, ask: 'Is this keyhole or conduction mode?', facts: ['transition', 'King et al. 2014'] },
  { run: L, ask: 'What cooling rate does the track see?', facts: [shown(L, 'cooling_rate'), 'solidification structure'] },
  { run: L, ask: 'What is the normalised enthalpy?', facts: [shown(L, 'normalized_enthalpy'), '30'] },
  { run: L, ask: 'What laser power gives a 160 µm melt pool?', facts: [/raise \*\*[^*]*power\*\*/i, 'This run gives 0.1314 mm'] },
  { run: L, ask: 'What scan speed gives a 110 µm melt pool?', facts: [/raise \*\*[^*]*speed\*\*/i] },
  { run: L, ask: 'How long is the melt pool?', facts: [shown(L, 'melt_pool_length')] },
  // Pipe and annulus.
  { run: P, ask: 'What is the pressure drop?', facts: [shown(P, 'pressure_drop'), 'inlet minus outlet'] },
  { run: P, ask: 'Is the flow laminar or turbulent?', facts: ['turbulent'] },
  { run: P, ask: 'What is the Reynolds number?', facts: [shown(P, 'reynolds_number'), '2300'] },
  { run: P, ask: 'What Nusselt number does the pipe have?', facts: [shown(P, 'nusselt_number'), 'h·D_h/k'] },
  { run: P, ask: 'What is the outlet temperature?', facts: [shown(P, 'outlet_temperature')] },
  { run: P, ask: 'How much heat is transferred to the water?', facts: [shown(P, 'heat_transfer_rate')] },
  { run: P, ask: 'What friction factor did the run find?', facts: [shown(P, 'friction_factor'), 'Colebrook-White'] },
  { run: P, ask: 'What is the entrance length?', facts: [shown(P, 'entrance_length'), 'fully developed'] },
  { run: A, ask: 'What is the pressure drop through the annulus?', facts: [shown(A, 'pressure_drop')] },
  { run: A, ask: 'What is the mean velocity in the annulus?', facts: [shown(A, 'mean_velocity')] },
  // Network.
  { run: N, ask: 'What is the lowest pressure in the network?', facts: [shown(N, 'min_pressure'), 'worst served'] },
  { run: N, ask: 'What is the maximum velocity in the pipes?', facts: [shown(N, 'max_velocity')] },
  { run: N, ask: 'What is the total demand?', facts: [shown(N, 'total_demand')] },
  // Geothermal plant.
  { run: G, ask: 'How much of the demand was covered?', facts: [shown(G, 'demand_coverage')] },
  { run: G, ask: 'What storage efficiency does the tank reach?', facts: [shown(G, 'storage_efficiency')] },
  { run: G, ask: 'What is the reinjection temperature?', facts: [shown(G, 'reinjection_temperature')] },
  { run: G, ask: 'What is the heat exchanger effectiveness?', facts: [shown(G, 'heat_exchanger_effectiveness'), 'ε-NTU'] },
  { run: G, ask: 'How much heat did the store lose?', facts: [shown(G, 'tank_heat_loss')] },
  // Jets.
  { run: J, ask: 'What is the stagnation Nusselt number?', facts: [shown(J, 'stagnation_nusselt')] },
  { run: J, ask: 'What is the average Nusselt number?', facts: [shown(J, 'average_nusselt'), 'Martin'] },
  { run: J, ask: 'What stagnation pressure does the jet give?', facts: [shown(J, 'stagnation_pressure')] },
  { run: J, ask: 'What is the wall shear stress?', facts: [shown(J, 'max_wall_shear')] },
  { run: JP, ask: 'What is the Stokes number of the particles?', facts: [shown(JP, 'stokes_number'), 'Marple'] },
  { run: JP, ask: 'How many particles hit the target?', facts: [shown(JP, 'impaction_efficiency')] },
  { run: JP, ask: 'What erosion rate should I expect?', facts: [shown(JP, 'max_erosion_rate'), 'Finnie'] },
  // The product, without a run.
  { run: null, ask: 'How do I abort a running simulation?', facts: ['Abort', 'aborted'] },
  { run: null, ask: 'What does the welding model assume about the weld pool flow?', facts: [/^From \*Welding simulations/, 'Marangoni'] },
  { run: null, ask: 'What Reynolds number range is the jet model valid for?', facts: [/^From \*Impinging jets/, '400 000'] },
  { run: null, ask: 'How accurate is the pipe friction factor?', facts: [/^From \*Pipe and annulus flow/, 'Colebrook'] },
  { run: null, ask: 'How are pipe network hydraulics solved?', facts: ['global gradient'] },
  { run: null, ask: 'Which file formats can I export results to?', facts: ['VTK', 'CSV'] },
  { run: null, ask: 'How is the melt pool model verified?', facts: [/^From \*Laser melt-pool simulations/, 'Eagar'] },
];

/** Development notes, code paths and file names: never in an answer. */
const DEVELOPMENT = /docs\/|decisions\.md|\.tsx?\b|\.md\b|\bsession \d|\bhelper\b|apps\/|packages\/|src\//i;

describe('the assistant’s question set (built-in assistant)', () => {
  it('has at least 40 questions across every family', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(QUESTIONS.map((q) => q.run)).size).toBe(Object.keys(runs).length + 1);
  });

  it.each(QUESTIONS.map((q) => [q.run ?? 'no run', q.ask, q] as const))('%s: %s', async (_run, _ask, q) => {
    const answer = await builtInAnswer(q.ask, contextOf(q.run));
    for (const fact of q.facts) {
      if (typeof fact === 'string') expect(answer.reply, `missing "${fact}"`).toContain(fact);
      else expect(answer.reply).toMatch(fact);
    }
    for (const bad of q.not ?? []) expect(answer.reply).not.toMatch(bad);
    expect(answer.reply).not.toMatch(DEVELOPMENT);
    for (const suggestion of answer.suggestions) expect(suggestion).not.toMatch(DEVELOPMENT);
  });
});
