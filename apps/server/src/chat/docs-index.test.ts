import { describe, expect, it } from 'vitest';
import { DocsIndex, loadProjectDocs, splitMarkdown } from './docs-index.js';

describe('documentation index', () => {
  it('splits at headings and ranks by BM25', () => {
    const sections = splitMarkdown('docs/x.md', '# Guide\nintro\n## Cookies\nThe cookie banner has Accept All and Reject All.\n## Pipes\nPipe flow uses the Gnielinski correlation.\n');
    expect(sections.map((s) => s.title)).toEqual(['Guide', 'Guide › Cookies', 'Guide › Pipes']);
    const index = new DocsIndex(sections);
    expect(index.search('how do I reject cookies?')[0]!.title).toBe('Guide › Cookies');
    expect(index.search('Gnielinski')[0]!.title).toBe('Guide › Pipes');
    expect(index.search('quantum chromodynamics')).toEqual([]);
  });

  it('indexes the user documentation only, never the development notes', () => {
    const index = loadProjectDocs();
    expect(index.sections.length).toBeGreaterThan(10);
    expect(index.sections.every((s) => s.path.startsWith('docs/user/'))).toBe(true);
    expect(index.search('session helper decision')).toEqual([]);
    expect(index.search('abort a running simulation')[0]!.text.toLowerCase()).toContain('abort');
  });
});
