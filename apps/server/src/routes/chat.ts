// /chat/...: the assistant. POST /chat/chat answers JSON, or a text/event-stream when the client
// asks for one (Accept: text/event-stream): `meta`, then `delta` events with the reply in pieces,
// then `done` with the whole answer. GET and DELETE /chat/history read and clear the conversation
// of the user with one simulation (or the general one without simulation_id).

import { ChatHistoryQuery, ChatHistoryResponse, ChatRequest, ChatResponse, Message, MAX_IMAGE_DATA_URL_LENGTH } from '@simforge/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, type AuthGuards } from '../http/auth-guard.js';
import { bearerSecurity } from '../http/docs.js';
import type { SseStreams } from '../http/sse.js';
import type { ChatService } from '../chat/service.js';
import { errorResponses } from './schemas.js';

export interface ChatRoutesOptions {
  guards: AuthGuards;
  chat: ChatService;
  sse: SseStreams;
}

/** Per client IP, a minute (an answer may analyse an image or invert an estimate: CPU). */
export const CHAT_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

/** The message, history and an image as a data URL (base64: 4/3 of its bytes). */
const CHAT_BODY_LIMIT = MAX_IMAGE_DATA_URL_LENGTH + 2 * 1024 * 1024;

/** Splits a reply into pieces of about `size` characters at spaces (the stream's deltas). */
export function chunks(text: string, size = 48): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > size) {
    const cut = rest.indexOf(' ', size);
    if (cut < 0) break;
    out.push(rest.slice(0, cut + 1));
    rest = rest.slice(cut + 1);
  }
  if (rest) out.push(rest);
  return out;
}

export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, { guards, chat, sse }) => {
  const tags = ['chat'];
  const security = bearerSecurity;

  app.post(
    '/chat/chat',
    {
      onRequest: guards.user,
      bodyLimit: CHAT_BODY_LIMIT,
      config: { rateLimit: CHAT_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Ask the assistant (message, conversation_history, simulation_context, uploaded_image); JSON, or server-sent events with Accept: text/event-stream',
        security,
        body: ChatRequest,
        response: { 200: ChatResponse, ...errorResponses(400, 401, 404, 413, 422, 429) },
      },
    },
    async (request, reply) => {
      const answer = await chat.chat(actorOf(request), request.body);
      if (!String(request.headers.accept ?? '').includes('text/event-stream')) return answer;
      const stream = sse.start(request, reply);
      stream.send({ event: 'meta', data: { intent: answer.intent, answered_by: answer.answered_by, simulation_id: answer.simulation_id } });
      for (const piece of chunks(answer.reply)) {
        if (stream.closed) return reply;
        stream.send({ event: 'delta', data: { text: piece } });
        // Let the socket flush between pieces so the browser renders as they come.
        await new Promise((resolve) => setImmediate(resolve));
      }
      stream.send({ event: 'done', data: answer });
      stream.close();
      return reply;
    },
  );

  app.get(
    '/chat/history',
    { onRequest: guards.user, schema: { tags, summary: "The user's conversation about one simulation (or the general one)", security, querystring: ChatHistoryQuery, response: { 200: ChatHistoryResponse, ...errorResponses(401, 404, 422) } } },
    async (request) => chat.history(actorOf(request), request.query.simulation_id ?? null),
  );

  app.delete(
    '/chat/history',
    { onRequest: guards.user, schema: { tags, summary: 'Clear that conversation', security, querystring: ChatHistoryQuery, response: { 200: Message, ...errorResponses(401, 404, 422) } } },
    async (request) => {
      const removed = await chat.clear(actorOf(request), request.query.simulation_id ?? null);
      return { msg: `Conversation cleared (${removed} messages)` };
    },
  );
};
