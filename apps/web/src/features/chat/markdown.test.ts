import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown';

describe('assistant markdown', () => {
  it('inline code, bold and italic', () => {
    expect(parseInline('set **Welding current** to `process.current` *now*')).toEqual([
      { kind: 'text', text: 'set ' },
      { kind: 'bold', text: 'Welding current' },
      { kind: 'text', text: ' to ' },
      { kind: 'code', text: 'process.current' },
      { kind: 'text', text: ' ' },
      { kind: 'italic', text: 'now' },
    ]);
  });

  it('tables, lists, code and paragraphs; markup stays text', () => {
    const blocks = parseMarkdown('Results:\n\n| Result | Value |\n|---|---|\n| t8/5 | 9.1 s |\n\n- one\n- two\n\n```\n[0.1 s] ERROR x\n```\n<b>not html</b>');
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'table', 'list', 'code', 'paragraph']);
    expect(blocks[1]).toMatchObject({ kind: 'table', rows: [[[{ text: 't8/5' }], [{ text: '9.1 s' }]]] });
    expect(blocks[4]).toEqual({ kind: 'paragraph', spans: [{ kind: 'text', text: '<b>not html</b>' }] });
  });
});
