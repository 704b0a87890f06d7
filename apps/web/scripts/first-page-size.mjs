// The JavaScript a browser loads before the app shows anything: the built index.html's own module
// script and its modulepreload links, each gzipped (zlib's default level, as servers send it).
// Prints the total and each file; exits 1 when the total is over the budget (200 kB), so a change
// that pulls a chart, an editor or the schema library into the first page fails `npm test`.
// Run after `vite build` (npm run build).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const FIRST_PAGE_BUDGET_BYTES = 200 * 1000;

/** The script and preload addresses of an index.html, in document order. */
export function firstPageScripts(html) {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => /^<script\b/.test(tag) ? /\btype="module"/.test(tag) : /\brel="modulepreload"/.test(tag))
    .map((tag) => /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1])
    .filter((src) => typeof src === 'string' && src.endsWith('.js'));
}

export function firstPageSize(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const files = firstPageScripts(html).map((src) => {
    const bytes = readFileSync(join(distDir, src.replace(/^\//, '')));
    return { src, raw: bytes.length, gzip: gzipSync(bytes).length };
  });
  return { files, gzip: files.reduce((sum, f) => sum + f.gzip, 0), raw: files.reduce((sum, f) => sum + f.raw, 0) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const size = firstPageSize(dist);
  const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
  for (const f of [...size.files].sort((a, b) => b.gzip - a.gzip).slice(0, 8)) console.log(`  ${kB(f.gzip).padStart(9)}  ${f.src}`);
  console.log(`first page: ${size.files.length} scripts, ${kB(size.gzip)} gzip (${kB(size.raw)} raw); budget ${kB(FIRST_PAGE_BUDGET_BYTES)}`);
  if (size.gzip > FIRST_PAGE_BUDGET_BYTES) {
    console.error(`The first page loads ${kB(size.gzip)} of JavaScript (gzip), over its budget of ${kB(FIRST_PAGE_BUDGET_BYTES)}: load the new code lazily (React.lazy, import()).`);
    process.exit(1);
  }
}
