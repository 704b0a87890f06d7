// A small search index over the user documentation (docs/user/*.md: what each model solves, its
// assumptions, validity and verification, and how the product is used), built when the server
// starts (tens of sections, milliseconds). Development notes, decision records and READMEs are left
// out: an answer speaks of the product, never of its code. Sections are split at headings and
// ranked by BM25 (Robertson and Zaragoza 2009, k1 = 1.2, b = 0.75) on lower-cased word stems.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPOSITORY_ROOT } from '../paths.js';

export interface DocSection {
  /** `docs/user/pipes.md` */
  path: string;
  /** The heading chain: `Pipe and annulus flow › Validity`. */
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

/** A light stem: plurals (jets, ranges, boxes, properties), -ing, -ed and -ity (validity → valid). */
function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(s|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  return w.replace(/(ing|ed|ity)$/, (suffix) => (w.length - suffix.length >= 4 ? '' : suffix));
}

/** Lower-case words, stemmed, no stop words. */
export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9µ°]+/g) ?? []).filter((w) => !STOP.has(w) && w.length > 1).map(stem);
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

/** The user documentation under `root`: docs/user/*.md. */
export function loadProjectDocs(root = REPOSITORY_ROOT): DocsIndex {
  const userDocs = join(root, 'docs', 'user');
  const files = existsSync(userDocs) ? readdirSync(userDocs).filter((name) => name.endsWith('.md')).sort().map((name) => join(userDocs, name)) : [];
  const sections = files.flatMap((file) => splitMarkdown(relative(root, file), readFileSync(file, 'utf8')));
  return new DocsIndex(sections);
}
