// GET /utils/sse-test: the test stream of the sse-test page. A `tick` event per interval (once a
// second by default) for `seconds`, then an `end` event; resumable with Last-Event-ID (the count
// continues). Bearer auth like every SSE stream (the browser uses a fetch-based client).

import { SseTestQuery, type TickEvent } from '@simforge/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards } from '../http/auth-guard.js';
import { bearerSecurity } from '../http/docs.js';
import { lastEventId, type SseStreams } from '../http/sse.js';

export const sseTestRoutes: FastifyPluginAsyncZod<{ guards: AuthGuards; sse: SseStreams }> = async (app, { guards, sse }) => {
  app.get(
    '/utils/sse-test',
    {
      onRequest: guards.user,
      schema: { tags: ['utils'], summary: 'Test SSE stream: one tick per interval for `seconds`', security: bearerSecurity, querystring: SseTestQuery },
    },
    async (request, reply) => {
      const { seconds, interval_ms } = request.query;
      const total = Math.max(1, Math.round((seconds * 1000) / interval_ms));
      let n = Math.min(lastEventId(request) ?? 0, total);
      const stream = sse.start(request, reply);
      const tick = () => {
        n += 1;
        const event: TickEvent = { type: 'tick', id: n, n, remaining: total - n, at: new Date().toISOString() };
        stream.send({ id: n, event: 'tick', data: event });
        if (n >= total) {
          stream.send({ event: 'end', data: { type: 'end', ticks: total } });
          stream.close();
        }
      };
      if (n >= total) {
        stream.send({ event: 'end', data: { type: 'end', ticks: total } });
        stream.close();
        return;
      }
      const timer = setInterval(tick, interval_ms);
      stream.onClose(() => clearInterval(timer));
    },
  );
};
