// The server's conversions between an EPANET `.inp` text and the network document (the web app never
// parses `.inp` itself: the solvers' parser and writer do, behind these calls).
import { InpToNetworkResponse, NetworkToInpResponse, type NetworkDocument } from '@simforge/contracts';
import { api, ApiError } from '../../lib/api';

export async function inpToNetwork(inp: string, signal?: AbortSignal): Promise<InpToNetworkResponse> {
  return InpToNetworkResponse.parse(await api.post('/networks/from-inp', { auth: true, body: { inp }, signal }));
}

/** A stored network simulation's `.inp` read by the server (the browser does not send it back). */
export async function simulationNetwork(simulationId: string, signal?: AbortSignal): Promise<InpToNetworkResponse> {
  return InpToNetworkResponse.parse(await api.get('/simulations/{id}/network', { auth: true, pathParams: { id: simulationId }, signal }));
}

export async function networkToInp(network: NetworkDocument, signal?: AbortSignal): Promise<NetworkToInpResponse> {
  return NetworkToInpResponse.parse(await api.post('/networks/to-inp', { auth: true, body: { network }, signal }));
}

/** The server's message for a refused conversion: `line 30: [PIPES] node2: unknown node '99'`. */
export function conversionMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const detail = (error.body as { detail?: unknown } | null)?.detail;
    if (Array.isArray(detail)) return detail.map((d: { msg?: string }) => d.msg ?? '').filter(Boolean).join('; ');
    if (typeof detail === 'string') return detail;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** A faulty line of the rules text, as the engine's rule parser reports it. */
export interface RuleError {
  line: number;
  message: string;
}

/**
 * The rules' faulty lines of a refused /networks/to-inp (422 items on `network.rules`, each `line N:
 * …`), or null when it was refused for something else.
 */
export function ruleErrorsOf(error: unknown): RuleError[] | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const detail = (error.body as { detail?: unknown } | null)?.detail;
  if (!Array.isArray(detail)) return null;
  const errors: RuleError[] = [];
  for (const item of detail as { loc?: unknown[]; msg?: string }[]) {
    if (item.loc?.at(-1) !== 'rules' || typeof item.msg !== 'string') continue;
    const match = /^line (\d+): (.*)$/s.exec(item.msg);
    errors.push(match ? { line: Number(match[1]), message: match[2]! } : { line: 0, message: item.msg });
  }
  return errors.length > 0 ? errors : null;
}
