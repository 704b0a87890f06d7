// The assistant's calls: POST /chat/chat (streamed as server-sent events, JSON if the answer is
// not a stream), and the conversation history of a simulation (GET and DELETE /chat/history).
import type { ChatHistoryResponse, ChatRequest, ChatResponse } from '@simforge/contracts';
import { api, API_BASE, ApiError, bearerHeaders, reportUnauthorized } from '../../lib/api';

export interface SendOptions {
  /** Called with each piece of the reply as it arrives. */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
}

/** Reads `event:` / `data:` blocks of a text/event-stream body. */
async function readStream(body: ReadableStream<Uint8Array>, onEvent: (event: string, data: unknown) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length) onEvent(event, JSON.parse(data.join('\n')));
    }
  }
}

export async function sendChat(body: ChatRequest, options: SendOptions = {}): Promise<ChatResponse> {
  const response = await fetch(`${API_BASE}/chat/chat`, {
    method: 'POST',
    headers: { ...bearerHeaders(), 'Content-Type': 'application/json', Accept: 'text/event-stream, application/json' },
    body: JSON.stringify(body),
    signal: options.signal,
    credentials: 'same-origin',
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok) {
    const payload = type.includes('json') ? ((await response.json()) as unknown) : await response.text();
    const error = new ApiError(response.status, response.statusText, payload);
    if (response.status === 401) reportUnauthorized(error);
    throw error;
  }
  if (type.includes('text/event-stream') && response.body) {
    let done: ChatResponse | null = null;
    await readStream(response.body, (event, data) => {
      if (event === 'delta') options.onDelta?.((data as { text: string }).text);
      else if (event === 'done') done = data as ChatResponse;
    });
    if (!done) throw new Error('The answer stream ended early');
    return done;
  }
  const answer = (await response.json()) as ChatResponse;
  options.onDelta?.(answer.reply);
  return answer;
}

export const chatHistory = (simulationId: string | null) =>
  api.get<ChatHistoryResponse>('/chat/history', { auth: true, query: { simulation_id: simulationId ?? undefined } });

export const clearChatHistory = (simulationId: string | null) => api.delete<{ msg: string }>('/chat/history', { auth: true, query: { simulation_id: simulationId ?? undefined } });
