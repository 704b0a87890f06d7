// The chat use case: load the context the server trusts (the simulation only when the user may see
// it: someone else's answers 404 like every other simulation route), analyse an attached image,
// answer with the configured model or the built-in assistant (and fall back to it when the model
// fails), and keep the conversation per user and simulation.

import { catalogueEntry, isNetworkElementSeries, storableText, validateParameters, type ChatHistoryMessage, type ChatResponse, type ImageAnalysisResponse } from '@simforge/contracts';
import { analyzeUpload, ImageRejected, uploadFromDataUrl } from '../images/index.js';
import type { RequestCompute } from '../compute/request-compute.js';
import type { Repositories } from '../repositories/index.js';
import type { SimulationsService } from '../services/simulations.js';
import type { Actor } from '../services/policies.js';
import { ValidationFailed } from '../services/errors.js';
import { builtInAnswer } from './builtin.js';
import type { ChatContext } from './context.js';
import type { DocsIndex } from './docs-index.js';
import { llmAnswer, type LlmConfig } from './llm.js';

export interface ChatInput {
  message: string;
  conversation_history: ChatHistoryMessage[];
  simulation_context?: { simulation_id?: string | null | undefined; type?: string | null | undefined; parameters?: Record<string, unknown> | null | undefined; screen?: string | null | undefined } | null | undefined;
  uploaded_image?: { dataUrl: string; fileName: string; uploadedAt?: string | undefined } | null | undefined;
}

export interface ChatServiceDeps {
  repos: Repositories;
  simulations: SimulationsService;
  docs: DocsIndex;
  /** Image analysis and the inversion of the estimate run in the compute pool. */
  compute: Pick<RequestCompute, 'analyzeGrey' | 'invertTarget'>;
  llm: LlmConfig | null;
  log: { warn(obj: unknown, msg?: string): void };
  fetch?: typeof fetch;
}

/** Messages of the stored conversation given to a model when the request carries none. */
const STORED_HISTORY_FOR_MODEL = 20;

export function createChatService(deps: ChatServiceDeps) {
  const { repos, simulations, docs } = deps;

  async function buildContext(actor: Actor, input: ChatInput): Promise<ChatContext> {
    const ctx = input.simulation_context ?? null;
    let simulation: ChatContext['simulation'] = null;
    let type: string | null = null;
    let parameters: Record<string, unknown> | null = null;
    let log: ChatContext['log'] = [];
    let seriesNames: string[] = [];
    if (ctx?.simulation_id) {
      const row = await simulations.get(actor, ctx.simulation_id);
      simulation = { id: row.id, title: row.title, type: row.type, status: row.status, error: row.error ?? null, summary: row.summary ?? null, solver_version: row.solver_version ?? null, parameters: row.parameters };
      type = row.type;
      parameters = row.parameters;
      log = (await simulations.log(actor, row.id, undefined)).lines.map((l) => ({ t: l.t, level: l.level, message: l.message }));
      if (row.status === 'completed') {
        try {
          const results = await simulations.results(actor, row.id, undefined);
          // A network's per-node and per-link series (tens of thousands) are not plots to list.
          const names = Object.keys(results.stored.series ?? {});
          seriesNames = names.filter((name) => !isNetworkElementSeries(name));
          if (names.length > seriesNames.length) seriesNames.push('node:<id>', 'link:<id>');
        } catch {
          seriesNames = [];
        }
      }
    } else if (ctx?.type) {
      if (!catalogueEntry(ctx.type)) {
        throw new ValidationFailed([{ loc: ['body', 'simulation_context', 'type'], msg: `Unknown simulation type ${ctx.type}`, type: 'value_error' }]);
      }
      type = ctx.type;
      const schema = catalogueEntry(ctx.type)?.parameters;
      // The form's values are the user's own inputs: used only when they pass the schema.
      if (schema && ctx.parameters) {
        const checked = validateParameters(schema, ctx.parameters);
        parameters = checked.success ? checked.data : null;
      }
    }
    let image: ImageAnalysisResponse | null = null;
    let imageError: string | null = null;
    if (input.uploaded_image) {
      try {
        image = await analyzeUpload(uploadFromDataUrl(input.uploaded_image.dataUrl, 'Attached image', input.uploaded_image.fileName), {}, deps.compute.analyzeGrey);
      } catch (error) {
        if (!(error instanceof ImageRejected)) throw error;
        imageError = error.detail;
      }
    }
    return { simulation, type, parameters, screen: ctx?.screen ?? null, log, seriesNames, image, imageError, docs, invertTarget: deps.compute.invertTarget };
  }

  return {
    buildContext,

    async chat(actor: Actor, input: ChatInput): Promise<ChatResponse> {
      const context = await buildContext(actor, input);
      const simulationId = context.simulation?.id ?? null;
      const builtIn = await builtInAnswer(input.message, context);
      let reply = builtIn.reply;
      let answeredBy = 'built-in';
      let sources = builtIn.sources;
      if (deps.llm) {
        try {
          const history = input.conversation_history.length
            ? input.conversation_history
            : (await repos.chat.list(actor.id, simulationId, STORED_HISTORY_FOR_MODEL)).map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
          const answer = await llmAnswer(deps.llm, input.message, history, context, deps.fetch);
          reply = storableText(answer.reply);
          answeredBy = `llm:${deps.llm.model}`;
          sources = answer.sources;
        } catch (error) {
          deps.log.warn({ err: error }, 'Chat model endpoint failed; the built-in assistant answered');
        }
      }
      const userText = input.uploaded_image ? `${input.message}\n\n*(image attached: ${input.uploaded_image.fileName})*` : input.message;
      await repos.chat.append(actor.id, simulationId, [
        { role: 'user', content: userText },
        { role: 'assistant', content: reply, meta: { intent: builtIn.intent, answered_by: answeredBy } },
      ]);
      return { reply, intent: builtIn.intent, answered_by: answeredBy, suggestions: builtIn.suggestions, sources, image_analysis: context.image, simulation_id: simulationId };
    },

    async history(actor: Actor, simulationId: string | null) {
      if (simulationId) await simulations.get(actor, simulationId);
      const rows = await repos.chat.list(actor.id, simulationId);
      return { simulation_id: simulationId, messages: rows.map((r) => ({ id: r.id, role: r.role as 'user' | 'assistant', content: r.content, created_at: r.created_at.toISOString() })) };
    },

    async clear(actor: Actor, simulationId: string | null): Promise<number> {
      if (simulationId) await simulations.get(actor, simulationId);
      return repos.chat.clear(actor.id, simulationId);
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
