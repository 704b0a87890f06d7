// An OpenAI-compatible chat-completions endpoint (LLM_BASE_URL, e.g. a local model server) as the
// assistant: it gets the same context as the built-in one and the same functions as tools; the
// tool calls run here, on server-side data. Each request has a timeout; any failure (network,
// HTTP status, malformed answer, too many tool rounds) throws, and the caller falls back to the
// built-in assistant.

import type { ChatHistoryMessage } from '@simforge/contracts';
import type { ChatContext } from './context.js';
import { chatTools } from './tools.js';

export interface LlmConfig {
  /** Up to and including the version segment, e.g. `http://localhost:11434/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
  /** Per request, ms. */
  timeoutMs: number;
}

export const DEFAULT_LLM_TIMEOUT_MS = 30_000;
/** Tool rounds per answer before giving up (a model that keeps calling tools never answers). */
const MAX_TOOL_ROUNDS = 4;
/** History messages passed on (the latest). */
const HISTORY_LIMIT = 20;

export function llmConfigFromEnv(env: Record<string, string | undefined>): LlmConfig | null {
  const baseUrl = env.LLM_BASE_URL?.trim();
  const model = env.LLM_MODEL?.trim();
  if (!baseUrl || !model) return null;
  const timeout = Number(env.LLM_TIMEOUT_MS);
  return { baseUrl: baseUrl.replace(/\/+$/, ''), model, apiKey: env.LLM_API_KEY?.trim() || undefined, timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_LLM_TIMEOUT_MS };
}

interface WireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: WireToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export function contextSummary(context: ChatContext): string {
  const lines = ['Context of this conversation (from the server, trustworthy):'];
  if (context.screen) lines.push(`- Screen: ${context.screen}`);
  if (context.simulation) {
    const s = context.simulation;
    lines.push(`- Simulation "${s.title}" (${s.type}), status ${s.status}${s.error ? `, error ${s.error.code}: ${s.error.message}` : ''}${s.summary ? ', has results' : ''}`);
  } else if (context.type) {
    lines.push(`- Creating a ${context.type} simulation (not saved yet)`);
  } else {
    lines.push('- No simulation in context');
  }
  if (context.image) lines.push(`- An image was attached (${context.image.file_name ?? 'unnamed'}); describe_image has its analysis`);
  if (context.imageError) lines.push(`- An attached image could not be analysed: ${context.imageError}`);
  return lines.join('\n');
}

const SYSTEM_PROMPT = [
  "You are the assistant of SimForge, a web application that runs engineering simulations (welding, pipe flow, impinging jets, laser melt pools).",
  'Answer briefly in markdown. Every number you give must come from a tool result; never invent values, units or ranges.',
  'A question that names a result of the open simulation is answered with named_result (its value, meaning and any cited limit); a target ("what current gives …") with inputs_for_target, which starts from the run\'s own value.',
  'If the tools do not answer the question, say that you do not know. Never quote file names or code paths.',
].join(' ');

export interface LlmAnswer {
  reply: string;
  toolsUsed: string[];
  sources: { title: string; path: string }[];
}

export async function llmAnswer(config: LlmConfig, message: string, history: ChatHistoryMessage[], context: ChatContext, fetchImpl: typeof fetch = fetch): Promise<LlmAnswer> {
  const messages: WireMessage[] = [
    { role: 'system', content: `${SYSTEM_PROMPT}\n\n${contextSummary(context)}` },
    ...history.slice(-HISTORY_LIMIT).map((h) => ({ role: h.role, content: h.content }) as WireMessage),
    { role: 'user', content: message },
  ];
  const tools = chatTools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.parameters } }));
  const toolsUsed: string[] = [];
  const sources: { title: string; path: string }[] = [];
  for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
    const response = await fetchImpl(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify({ model: config.model, messages, tools, tool_choice: 'auto', temperature: 0.2 }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!response.ok) throw new Error(`The model endpoint answered HTTP ${response.status}`);
    const body = (await response.json()) as { choices?: { message?: { content?: string | null; tool_calls?: WireToolCall[] } }[] };
    const reply = body.choices?.[0]?.message;
    if (!reply) throw new Error('The model endpoint answered without a message');
    const calls = reply.tool_calls ?? [];
    if (calls.length === 0) {
      if (typeof reply.content !== 'string' || reply.content.trim() === '') throw new Error('The model answered with no text');
      return { reply: reply.content, toolsUsed, sources };
    }
    messages.push({ role: 'assistant', content: reply.content ?? null, tool_calls: calls });
    for (const call of calls) {
      const found = chatTools.find((t) => t.name === call.function?.name);
      let content: string;
      if (!found) content = `No tool named ${call.function?.name}.`;
      else {
        let args: Record<string, unknown> = {};
        try {
          args = call.function.arguments ? (JSON.parse(call.function.arguments) as Record<string, unknown>) : {};
        } catch {
          args = {};
        }
        const result = await found.run(args, context);
        toolsUsed.push(found.name);
        sources.push(...(result.sources ?? []));
        content = result.markdown;
      }
      messages.push({ role: 'tool', tool_call_id: call.id, content });
    }
  }
  throw new Error(`The model kept calling tools for more than ${MAX_TOOL_ROUNDS} rounds`);
}
