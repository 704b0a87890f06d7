// What a verification study depends on, read from its imports, and one hash of it. `npm run verify`
// runs a study again only when this hash differs from the one recorded when it last passed
// (docs/adr/0006-verify-gating.md).
//
// A study's sources are the files it imports, transitively (relative imports, except `import type`,
// which the code that runs does not have), plus every non-test source of its family's folder
// (src/physics/<family>/), and the locked version of each npm package it imports. Test files of the
// family are left out unless imported, so editing one quick test does not re-run the whole family.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';

/** Files of the solvers package, by path relative to its root ('src/physics/jet/grid.ts'). */
export interface SourceTree {
  /** The text of a file, or null when there is none. */
  read(path: string): string | null;
  /** Every file under a folder, recursively, as package-relative paths. */
  list(dir: string): string[];
}

/** The files under `root`, each read once (a run hashes ~70 studies sharing most of their files). */
export function fileTree(root: string): SourceTree {
  const texts = new Map<string, string | null>();
  const list = (dir: string): string[] => {
    const abs = join(root, dir);
    if (!existsSync(abs)) return [];
    return readdirSync(abs, { withFileTypes: true }).flatMap((entry) => {
      const path = posix.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : list(path);
      return [path];
    });
  };
  return {
    read: (path) => {
      if (!texts.has(path)) {
        const abs = join(root, path);
        texts.set(path, existsSync(abs) && statSync(abs).isFile() ? readFileSync(abs, 'utf8') : null);
      }
      return texts.get(path)!;
    },
    list,
  };
}

/** Packages a study may import whose version does not change what it computes. */
const RUNNER_PACKAGES = new Set(['vitest']);
/**
 * The repository's own packages a study may import (through the solver's sources): they have no
 * locked version, so their sources are followed like relative imports, from their entry file.
 */
const WORKSPACE_ENTRIES: Readonly<Record<string, string>> = { '@simforge/contracts': '../contracts/src/index.ts' };
/** The lock file, relative to the package root (the repository's). */
export const LOCK_FILE = '../../package-lock.json';

/**
 * The code of a TypeScript source without its whole-line comments, trailing spaces and blank lines:
 * rewording a comment does not re-run the studies. A comment after code on the same line stays
 * (telling it from a string would need a parser; keeping it can only run a study more often).
 */
export function codeOf(source: string): string {
  return source
    .replace(/\r\n/g, '\n')
    .replace(/^[ \t]*\/\*[\s\S]*?\*\//gm, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '' && !/^\s*\/\//.test(line))
    .join('\n');
}

/** Specifiers of every import, re-export and dynamic import in a TypeScript source. */
export function importsOf(source: string): string[] {
  const code = codeOf(source);
  const specifiers = new Set<string>();
  const patterns = [
    // `import type` and `export type` are erased before the code runs: not followed.
    /\b(?:import|export)\s+(?!type\s)[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    // A side-effect import starts its statement (a string ending in "import" is not one).
    /(?:^|[;{}])\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bnew\s+URL\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of code.matchAll(pattern)) specifiers.add(m[1]!);
  return [...specifiers];
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The file a relative specifier names: `./grid.js` is grid.ts, a folder is its index.ts. */
function resolveRelative(tree: SourceTree, from: string, specifier: string): string | null {
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), `${base}.ts`, posix.join(base, 'index.ts')];
  return candidates.find((path) => tree.read(path) !== null) ?? null;
}

export interface Dependencies {
  /** Package-relative paths, sorted. */
  files: string[];
  /** npm packages imported (runner excluded), sorted. */
  packages: string[];
}

const edgeCache = new WeakMap<SourceTree, Map<string, { files: string[]; packages: string[] }>>();

/** What one file imports: the files (resolved) and the packages. Throws on an import it cannot find. */
function edgesOf(tree: SourceTree, file: string): { files: string[]; packages: string[] } {
  if (!edgeCache.has(tree)) edgeCache.set(tree, new Map());
  const cache = edgeCache.get(tree)!;
  const cached = cache.get(file);
  if (cached) return cached;
  const source = tree.read(file);
  if (source === null) throw new Error(`${file}: no such file`);
  const edges = { files: [] as string[], packages: [] as string[] };
  if (/\.(m?ts|tsx)$/.test(file)) {
    for (const specifier of importsOf(source)) {
      if (specifier.startsWith('node:')) continue;
      if (specifier.startsWith('.')) {
        const resolved = resolveRelative(tree, file, specifier);
        // An import the hash cannot follow would let a change slip through unseen: stop here.
        if (!resolved) throw new Error(`${file}: cannot resolve the import '${specifier}'`);
        edges.files.push(resolved);
      } else if (WORKSPACE_ENTRIES[specifier]) {
        edges.files.push(WORKSPACE_ENTRIES[specifier]!);
      } else if (!RUNNER_PACKAGES.has(packageName(specifier))) {
        edges.packages.push(packageName(specifier));
      }
    }
  }
  cache.set(file, edges);
  return edges;
}

/** The files a study imports, transitively, and the packages they import. Throws on an import it cannot find. */
export function importClosure(tree: SourceTree, entry: string): Dependencies {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const edges = edgesOf(tree, file);
    pending.push(...edges.files);
    for (const name of edges.packages) packages.add(name);
  }
  return { files: [...files].sort(), packages: [...packages].sort() };
}

const TEST_FILE = /\.test\.ts$/;

/** The folder whose sources a study's hash covers whole: src/physics/<family>, or null (test/verification). */
export function familyOf(study: string): string | null {
  return /^src\/physics\/[^/]+/.exec(study)?.[0] ?? null;
}

/** Everything a study's hash covers: its import closure and its family's non-test sources. */
export function studyDependencies(tree: SourceTree, study: string): Dependencies {
  const closure = importClosure(tree, study);
  const family = familyOf(study);
  const familySources = family ? tree.list(family).filter((path) => !TEST_FILE.test(path)) : [];
  return { files: [...new Set([...closure.files, ...familySources])].sort(), packages: closure.packages };
}

const lockFiles = new WeakMap<SourceTree, { packages?: Record<string, { version?: string }> } | null>();

function lockedVersion(tree: SourceTree, name: string): string {
  if (!lockFiles.has(tree)) {
    const text = tree.read(LOCK_FILE);
    lockFiles.set(tree, text ? JSON.parse(text) : null);
  }
  const version = lockFiles.get(tree)?.packages?.[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`the package '${name}' is imported by a verification study but has no version in package-lock.json`);
  return version;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const fileHashes = new WeakMap<SourceTree, Map<string, string>>();

function fileHash(tree: SourceTree, path: string): string {
  if (!fileHashes.has(tree)) fileHashes.set(tree, new Map());
  const hashes = fileHashes.get(tree)!;
  if (!hashes.has(path)) {
    const text = tree.read(path)!;
    // Line endings do not change what a study computes (a checkout may convert them), nor do comments.
    hashes.set(path, sha256(/\.(m?ts|tsx)$/.test(path) ? codeOf(text) : text.replace(/\r\n/g, '\n')));
  }
  return hashes.get(path)!;
}

/** One hash of a study's sources: of each file's path and content, and of each package's locked version. */
export function sourcesHash(tree: SourceTree, deps: Dependencies): string {
  const lines = [
    ...deps.files.map((path) => `${path} ${fileHash(tree, path)}`),
    ...deps.packages.map((name) => `npm:${name}@${lockedVersion(tree, name)}`),
  ];
  return `sha256:${sha256(lines.join('\n')).slice(0, 16)}`;
}
