// What React Flow needs from a browser that jsdom does not have (layout sizes, ResizeObserver,
// DOMMatrix), as its documentation suggests for tests; and a fetch stub for the conversion calls.
import { vi } from 'vitest';

export function mockFlowLayout(): void {
  class ResizeObserverStub {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver);
    }
    unobserve() {}
    disconnect() {}
  }
  class DOMMatrixStub {
    m22: number;
    constructor(transform?: string) {
      const scale = transform?.match(/scale\(([1-9.])\)/)?.[1];
      this.m22 = scale !== undefined ? Number(scale) : 1;
    }
  }
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
  vi.stubGlobal('DOMMatrixReadOnly', DOMMatrixStub);
  Object.defineProperties(window.HTMLElement.prototype, {
    offsetHeight: { configurable: true, get() { return Number.parseFloat((this as HTMLElement).style.height) || 20; } },
    offsetWidth: { configurable: true, get() { return Number.parseFloat((this as HTMLElement).style.width) || 20; } },
  });
  (window.SVGElement.prototype as unknown as { getBBox(): DOMRect }).getBBox = () => ({ x: 0, y: 0, width: 0, height: 0 }) as DOMRect;
}

export interface StubbedCall {
  path: string;
  body: Record<string, unknown>;
}

/** fetch answering /api/v1/networks/... with `answer(path, body)`; the calls are recorded. */
export function stubConversions(answer: (path: string, body: Record<string, unknown>) => { status?: number; json: unknown }): StubbedCall[] {
  const calls: StubbedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url).replace(/^.*\/api\/v1/, '');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path, body });
      const { status = 200, json } = answer(path, body);
      return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/**
 * fetch answering /networks/from-inp and /networks/to-inp as the server does (apps/server
 * services/networks.ts): with the solvers' own `.inp` parser and writer, rule parser and the
 * contracts' document schema, so that an export and import in a test is the real round trip, not a
 * canned answer.
 */
export async function stubRealConversions(): Promise<StubbedCall[]> {
  const { parseInp } = await import('../../../../../packages/solvers/src/physics/network/inp/parse');
  const { writeInp } = await import('../../../../../packages/solvers/src/physics/network/inp/write');
  const { modelRuleNetwork, readRulesText } = await import('../../../../../packages/solvers/src/physics/network/rules/parse');
  const { NetworkDocument } = await import('@simforge/contracts');
  return stubConversions((path, body) => {
    if (path === '/networks/from-inp') {
      const parsed = parseInp(String(body['inp']));
      return { json: { network: NetworkDocument.parse(parsed.network), warnings: parsed.warnings } };
    }
    const network = NetworkDocument.parse(body['network']);
    const { errors } = network.rules ? readRulesText(network.rules, modelRuleNetwork(network)) : { errors: [] };
    if (errors.length > 0) return { status: 422, json: { detail: errors.map((e) => ({ loc: ['body', 'network', 'rules'], msg: `line ${e.line}: ${e.message}`, type: 'rule_syntax' })) } };
    const written = writeInp(network);
    return { json: { inp: written.text, warnings: written.warnings } };
  });
}
