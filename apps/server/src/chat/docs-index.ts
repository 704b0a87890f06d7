// A small search index over the project's own documentation (docs/*.md and the READMEs), built when
// the server starts (a few hundred sections, milliseconds). Sections are split at headings and
// ranked by BM25 (Robertson and Zaragoza 2009, k1 = 1.2, b = 0.75) on lower-cased word stems.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface DocSection {
  /** `docs/decisions.md` */
  path: string;
  /** The heading chain: `Decisions taken in the project › Sign-in`. */
  title: string;
  text: string;
}

export interface DocHit extends DocSection {
  score: number;
}

const K1 = 1.2;
const B = 0.75;

const STOP = new Set(
  'a an and are as at be by can do does for from how i in is it of on or the this that to what when where which who why with you your my me we our not no'.split(' '),
);

/** Lower-case words, a crude plural/-ing stem, no stop words. */
export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9µ°]+/g) ?? [])
    .filter((w) => !STOP.has(w) && w.length > 1)
    .map((w) => w.replace(/(ing|ed|es|s)$/, (suffix) => (w.length - suffix.length >= 4 ? '' : suffix)));
}

/** Splits a markdown file into sections at headings (#, ##, ###), keeping the heading chain. */
export function splitMarkdown(path: string, markdown: string): DocSection[] {
  const sections: DocSection[] = [];
  const chain: string[] = [];
  let lines: string[] = [];
  const flush = () => {
    const text = lines.join('\n').trim();
    if (text) sections.push({ path, title: chain.filter(Boolean).join(' › ') || path, text });
    lines = [];
  };
  for (const line of markdown.split('\n')) {
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1]!.length;
      chain.length = level - 1;
      chain[level - 1] = heading[2]!.trim();
    } else {
      lines.push(line);
    }
  }
  flush();
  return sections;
}

/** The share of a question's words a section must contain to be offered as an answer. */
const MIN_MATCHED_FRACTION = 0.5;

export class DocsIndex {
  private readonly docs: { section: DocSection; terms: Map<string, number>; length: number }[];
  private readonly documentFrequency = new Map<string, number>();
  private readonly averageLength: number;

  constructor(readonly sections: DocSection[]) {
    this.docs = sections.map((section) => {
      const tokens = tokenize(`${section.title} ${section.text}`);
      const terms = new Map<string, number>();
      for (const t of tokens) terms.set(t, (terms.get(t) ?? 0) + 1);
      for (const t of terms.keys()) this.documentFrequency.set(t, (this.documentFrequency.get(t) ?? 0) + 1);
      return { section, terms, length: tokens.length };
    });
    this.averageLength = this.docs.reduce((s, d) => s + d.length, 0) / Math.max(1, this.docs.length);
  }

  search(query: string, limit = 3): DocHit[] {
    const terms = [...new Set(tokenize(query))];
    const n = this.docs.length;
    const hits: DocHit[] = [];
    for (const doc of this.docs) {
      let score = 0;
      let matched = 0;
      for (const term of terms) {
        const f = doc.terms.get(term);
        if (!f) continue;
        matched += 1;
        const df = this.documentFrequency.get(term) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * doc.length) / this.averageLength));
      }
      // A section answers only when it shares at least half of the question's words: one common word
      // ("win" in a design note) is chance, not an answer, and the docs grow every session.
      if (score > 0 && matched >= Math.ceil(terms.length * MIN_MATCHED_FRACTION)) hits.push({ ...doc.section, score });
    }
    return hits.sort((a, b) => b.score - a.score).slice(0, limit);
  }
}

/** The repository root, from this file (apps/server/src/chat). */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** docs/*.md, README.md and the workspaces' READMEs under `root`. */
export function loadProjectDocs(root = REPOSITORY_ROOT): DocsIndex {
  const files: string[] = [];
  const docsDir = join(root, 'docs');
  if (existsSync(docsDir)) for (const name of readdirSync(docsDir)) if (name.endsWith('.md')) files.push(join(docsDir, name));
  for (const candidate of ['README.md', 'apps/server/README.md', 'apps/web/README.md', 'packages/solvers/README.md', 'packages/contracts/README.md']) {
    const file = join(root, candidate);
    if (existsSync(file)) files.push(file);
  }
  const sections = files.flatMap((file) => splitMarkdown(relative(root, file), readFileSync(file, 'utf8')));
  return new DocsIndex(sections);
}
