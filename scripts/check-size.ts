// The size rule `npm test` holds the code to: no source file over 500 lines and no function over 120
// lines unless it says why in one line at its top — a file in its first 20 lines, a function on the
// line above it or the first line of its body — starting with "Long file:" or "Long function:".
// Tests, fixtures and generated files are not held to it.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const MAX_FILE_LINES = 500;
export const MAX_FUNCTION_LINES = 120;
const ROOTS = ['packages/contracts/src', 'packages/solvers/src', 'apps/server/src', 'apps/web/src'];
const SOURCE = /\.(ts|tsx)$/;
const NOT_HELD = /(\.test\.tsx?|\.d\.ts|testSupport\.ts)$|\/(test-networks|fixtures?)\b/;

export interface SizeProblem {
  file: string;
  line: number;
  message: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(path);
    return SOURCE.test(name) && !NOT_HELD.test(path) ? [path] : [];
  });
}

const saysWhy = (line: string | undefined, what: string) => line !== undefined && new RegExp(`^\\s*(//|\\*|/\\*\\*?)\\s*Long ${what}:\\s*\\S`).test(line);

function functionName(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  if (ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent)) return node.parent.name.getText(source);
  return '(anonymous)';
}

/** Problems of one file's text: its length, and each function longer than the limit without a reason. */
export function checkSource(file: string, text: string): SizeProblem[] {
  const lines = text.split('\n');
  const problems: SizeProblem[] = [];
  const count = text.endsWith('\n') ? lines.length - 1 : lines.length;
  if (count > MAX_FILE_LINES && !lines.slice(0, 20).some((line) => saysWhy(line, 'file'))) {
    problems.push({ file, line: 1, message: `${count} lines (over ${MAX_FILE_LINES}): split it, or say why on a "// Long file: …" line at its top` });
  }
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const length = end - start + 1;
      if (length > MAX_FUNCTION_LINES && !saysWhy(lines[start - 1], 'function') && !saysWhy(lines[start + 1], 'function') && !saysWhy(lines[start], 'function')) {
        problems.push({ file, line: start + 1, message: `${functionName(node, source)} is ${length} lines (over ${MAX_FUNCTION_LINES}): split it, or say why on a "// Long function: …" line above it` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

export function checkTree(root: string): SizeProblem[] {
  return ROOTS.flatMap((dir) => sourceFiles(join(root, dir))).flatMap((path) => checkSource(relative(root, path), readFileSync(path, 'utf8')));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = checkTree(process.cwd());
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.message}`);
  console.log(problems.length === 0 ? 'size: every file and function within its limit or saying why' : `size: ${problems.length} problem(s)`);
  process.exit(problems.length === 0 ? 0 : 1);
}
