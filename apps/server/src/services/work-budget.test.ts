// Every type's plan is finite and cheap at the corners of its parameter ranges (read from the
// catalogue's schema), and every default case and mesh preset of it fits the default limits.

import { availableTypes, catalogueEntry, describeForm, setAtPath, type FormNumberField } from '@simforge/contracts';
import { describe, expect, it } from 'vitest';
import { computeTasks } from '../compute/tasks.js';
import { DEFAULT_RUN_LIMITS } from '../config.js';
import { ValidationFailed } from './errors.js';
import { checkSimulationInput } from './simulations.js';
import { assessWorkBudget } from './work-budget.js';

const loc = { type: ['body', 'type'], parameters: ['body', 'parameters'] };
const types = availableTypes();

/** The estimate on this thread: the cost measured below is the estimate's own. */
const estimateHere = async (type: string, parameters: Record<string, unknown>, options: { preview: boolean }) => computeTasks.estimate({ type, parameters, ...options });

async function budgetOf(type: string, parameters: Record<string, unknown>) {
  const checked = await checkSimulationInput(type, parameters, loc, estimateHere);
  return assessWorkBudget(type, checked.parameters, checked.estimate, DEFAULT_RUN_LIMITS, checked.estimateError?.message);
}

/** CPU milliseconds of this process: the work a corner costs, whatever else the machine runs. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function defaultsOf(type: string): Record<string, unknown> {
  return structuredClone(catalogueEntry(type)!.defaults!) as Record<string, unknown>;
}

function numberFields(type: string): FormNumberField[] {
  return describeForm(catalogueEntry(type)!.parameters!).fields.filter((f): f is FormNumberField => f.kind === 'number');
}

/** All fields at their minimum, all at their maximum, and each alone at either end (the rest at the default). */
function corners(type: string): { name: string; parameters: Record<string, unknown> }[] {
  const fields = numberFields(type);
  const all = (end: 'min' | 'max') => fields.reduce((p, f) => setAtPath(p, f.path, f[end]), defaultsOf(type));
  const out = [
    { name: 'all at min', parameters: all('min') },
    { name: 'all at max', parameters: all('max') },
  ];
  for (const f of fields) for (const end of ['min', 'max'] as const) out.push({ name: `${f.path} at ${end}`, parameters: setAtPath(defaultsOf(type), f.path, f[end]) });
  const meshes = describeForm(catalogueEntry(type)!.parameters!).fields.find((f) => f.path === 'mesh_size');
  return meshes?.kind === 'enum' ? out.flatMap((c) => [c, { name: `${c.name}, fine mesh`, parameters: { ...c.parameters, mesh_size: 'fine' } }]) : out;
}

describe('work budget', () => {
  it.each(types)('%s: the default case and each mesh preset of it fit the default limits', async (type) => {
    const defaults = defaultsOf(type);
    const presets = describeForm(catalogueEntry(type)!.parameters!).fields.find((f) => f.path === 'mesh_size');
    const cases = presets?.kind === 'enum' ? presets.options.map((o) => ({ ...defaults, mesh_size: o.value })) : [defaults];
    for (const parameters of cases) {
      const budget = await budgetOf(type, parameters);
      expect(budget, JSON.stringify(parameters.mesh_size)).toMatchObject({ within_limits: true, over: [], message: null });
      expect(budget.plan!.cells).toBeGreaterThan(0);
    }
  });

  it.each(types)('%s: every corner of the parameter ranges gives a finite plan in bounded time, refused with a message or accepted', async (type) => {
    for (const corner of corners(type)) {
      const started = cpuMs();
      let budget;
      try {
        budget = await budgetOf(type, corner.parameters);
      } catch (error) {
        // Cross-field checks (track longer than the plate...) refuse the corner before any plan: bounded too.
        expect(error, corner.name).toBeInstanceOf(ValidationFailed);
        continue;
      } finally {
        expect(cpuMs() - started, corner.name).toBeLessThan(2000);
      }
      if (budget.plan) {
        for (const key of ['cells', 'steps', 'memory_bytes', 'seconds'] as const) expect(Number.isFinite(budget.plan[key]), `${corner.name}: ${key}`).toBe(true);
      }
      expect(budget.within_limits || (budget.message ?? '').length > 20, corner.name).toBe(true);
    }
  });

  it('names the fields by their labels, the need and the limit, and suggests the change (issue 20: a fine laser case at 20 kW)', async () => {
    const defaults = defaultsOf('LASER_RIGID_PLATE');
    const budget = await budgetOf('LASER_RIGID_PLATE', { ...defaults, mesh_size: 'fine', laser: { ...(defaults.laser as object), power: 20000 } });
    expect(budget.within_limits).toBe(false);
    expect(budget.over).toContain('cells');
    expect(budget.message).toMatch(/^With the Fine mesh this case needs 4\d\.\d M cells \(this server's limit: 2 M\)/);
    expect(budget.message).toContain('Laser power');
    expect(budget.message).toContain('Track length');
  });

  it('refuses a case whose plan cannot be made, since nothing would bound its run', () => {
    const budget = assessWorkBudget('CIRCULAR_PIPE', {}, undefined, DEFAULT_RUN_LIMITS, 'the fluid left its table');
    expect(budget).toMatchObject({ plan: null, within_limits: false, over: ['plan'] });
    expect(budget.message).toContain('the fluid left its table');
  });
});
