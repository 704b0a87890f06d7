// What every WebAssembly module of this package needs from its host, declared once: the module's
// bytes (read where the package is installed, in Node), the platform's WebAssembly API, whether
// SIMFORGE_WASM=0 switched the modules off, and the count of WebAssembly memory alive in this thread.
//
// Only the platform-neutral parts of the global scope are named by type here (the package compiles
// without Node's or the DOM's declarations): WebAssembly and process are read off globalThis.

interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
/** The part of the WebAssembly namespace used here. */
export interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number; maximum: number; shared?: boolean }) => WasmMemory;
}

type NodeProcess = { env?: Record<string, string | undefined>; getBuiltinModule?: (id: string) => unknown };
const nodeProcess = (globalThis as { process?: NodeProcess }).process;

/** The platform's WebAssembly, if it has one. */
export const wasmApi = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

/** Bytes in a WebAssembly page. */
export const PAGE = 65536;
/** wasm32 addresses 2³² bytes at most (65536 pages). */
export const MAX_PAGES = 65536;

/** Whether the environment leaves the WebAssembly paths on (SIMFORGE_WASM=0 runs the TypeScript ones). */
export function wasmWantedByEnvironment(): boolean {
  return nodeProcess?.env?.SIMFORGE_WASM !== '0';
}

/** A built module's bytes, read where the package is installed (Node), else undefined. */
export function readModuleBytes(specifier: string): Uint8Array | undefined {
  try {
    const getBuiltin = nodeProcess?.getBuiltinModule;
    const url = (import.meta as { url?: string }).url;
    if (!getBuiltin || !url) return undefined;
    const { readFileSync } = getBuiltin('node:fs') as { readFileSync(path: string): Uint8Array };
    const { createRequire } = getBuiltin('node:module') as { createRequire(from: string): { resolve(id: string): string } };
    // Through the package's exports rather than a path relative to this file: the server bundles
    // this file into apps/server/dist, from where the package is still found in node_modules.
    return readFileSync(createRequire(url).resolve(specifier));
  } catch {
    return undefined;
  }
}

/** A module of this package that needs no SIMD, compiled when first asked for, and its switch. */
export interface PlainWasmModule {
  /** The compiled module where it is switched on and can run here, else undefined. */
  module(): object | undefined;
  /** Switches it on or off (tests run both paths; SIMFORGE_WASM=0 starts it off). */
  use(on: boolean): void;
}

/** The package's module at `specifier` (for example '@simforge/solvers/wasm/sparse.wasm'). */
export function plainWasmModule(specifier: string): PlainWasmModule {
  let enabled = wasmWantedByEnvironment();
  let compiled: object | undefined | null = null;
  return {
    module() {
      if (!enabled || !wasmApi) return undefined;
      if (compiled === null) {
        const bytes = readModuleBytes(specifier);
        try {
          compiled = bytes && wasmApi.validate(bytes) ? new wasmApi.Module(bytes) : undefined;
        } catch {
          compiled = undefined;
        }
      }
      return compiled;
    },
    use(on) {
      enabled = on;
    },
  };
}

/**
 * Bytes of the WebAssembly memories alive in this thread. A WebAssembly memory is not in V8's
 * external memory, so a host that bounds a run's memory (the server's solver thread) adds this to
 * what V8 reports.
 */
let liveBytes = 0;
const released = typeof FinalizationRegistry === 'undefined' ? undefined : new FinalizationRegistry<number>((bytes) => (liveBytes -= bytes));

/** Counts `bytes` as alive until `buffer` is collected. */
export function trackWasmMemory(buffer: ArrayBuffer, bytes: number): void {
  liveBytes += bytes;
  released?.register(buffer, bytes);
}

/** Bytes of the WebAssembly memories alive in this thread. */
export function wasmMemoryBytes(): number {
  return liveBytes;
}
