// The sources and documents speak of the code, not of how it was written: no file under apps/,
// packages/, e2e/ or docs/ cites the old decisions diary, a working session by its number or a helper
// by its name. Such notes go stale at once and send a newcomer to a page that no longer exists; the
// reasons belong in docs/architecture.md, docs/physics/ and docs/adr/, progress notes in issues.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCANNED = ['apps', 'packages', 'e2e', 'docs'];
/** Build output, installed packages and test artefacts: not ours to keep clean. */
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'coverage', '.vite']);
const TEXT_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|json|sql|svg|inp|html|css|c|h|sh|ya?ml|txt)$/;

// Written so that this file does not match itself.
const FORBIDDEN: readonly { what: string; pattern: RegExp }[] = [
  { what: 'cites the removed decisions page', pattern: new RegExp(['decisions', 'md'].join('\\.')) },
  { what: 'names a working session', pattern: new RegExp('\\b[Ss]ession' + ' \\d+\\b') },
  { what: 'names a helper', pattern: new RegExp('\\bhelper' + ' H?\\d') },
];

function textFiles(directory: string, found: string[] = []): string[] {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) textFiles(join(directory, entry.name), found);
    } else if (entry.isFile() && TEXT_FILE.test(entry.name)) {
      found.push(join(directory, entry.name));
    }
  }
  return found;
}

/** `path:line: what (the line)` for every forbidden mention in the scanned folders. */
function findMentions(): string[] {
  const mentions: string[] = [];
  for (const folder of SCANNED) {
    for (const file of textFiles(join(ROOT, folder))) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const { what, pattern } of FORBIDDEN) {
          if (pattern.test(line)) mentions.push(`${relative(ROOT, file)}:${index + 1}: ${what}: ${line.trim().slice(0, 160)}`);
        }
      });
    }
  }
  return mentions;
}

describe('documentation hygiene', () => {
  it('the patterns catch what they are for, and pass ordinary words', () => {
    const caught = (text: string) => FORBIDDEN.some(({ pattern }) => pattern.test(text));
    expect(caught(`see docs/${'decisions'}.md`)).toBe(true);
    const session = 'ession';
    const helper = 'helper';
    expect(caught(`measured in S${session} 5 by the lead`)).toBe(true);
    expect(caught(`(s${session} 8, HK)`)).toBe(true);
    expect(caught(`issue 4, ${helper} H2`)).toBe(true);
    expect(caught(`${helper} 3 found it`)).toBe(true);
    expect(caught('a token of an ended session is refused; test helpers; sessions of the user')).toBe(false);
  });

  it('no file under apps/, packages/, e2e/ or docs/ cites the decisions diary, a session or a helper', () => {
    const files = SCANNED.flatMap((folder) => textFiles(join(ROOT, folder)));
    expect(files.length).toBeGreaterThan(500);
    expect(findMentions()).toEqual([]);
  });
});
