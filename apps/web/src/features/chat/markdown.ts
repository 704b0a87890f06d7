// The small markdown the assistant writes (paragraphs, bullet lists, tables, fenced code, inline
// code, bold, italic), parsed into blocks and spans that the panel renders as React elements:
// no HTML is ever injected, so an answer cannot carry markup. Formulas stay text.

export type Span = { kind: 'text' | 'code' | 'bold' | 'italic'; text: string };

export type Block =
  | { kind: 'paragraph'; spans: Span[] }
  | { kind: 'list'; items: Span[][] }
  | { kind: 'table'; header: Span[][]; rows: Span[][][] }
  | { kind: 'code'; text: string }
  | { kind: 'heading'; spans: Span[] }
  | { kind: 'rule' };

/** `**bold**`, `*italic*` and `` `code` `` inside a line. */
export function parseInline(text: string): Span[] {
  const spans: Span[] = [];
  const pattern = /(`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) spans.push({ kind: 'text', text: text.slice(last, at) });
    const token = match[0];
    if (token.startsWith('`')) spans.push({ kind: 'code', text: token.slice(1, -1) });
    else if (token.startsWith('**')) spans.push({ kind: 'bold', text: token.slice(2, -2) });
    else spans.push({ kind: 'italic', text: token.slice(1, -1) });
    last = at + token.length;
  }
  if (last < text.length) spans.push({ kind: 'text', text: text.slice(last) });
  return spans;
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => parseInline(cell.trim()));

export function parseMarkdown(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', spans: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('```')) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) code.push(lines[i]!);
      blocks.push({ kind: 'code', text: code.join('\n') });
    } else if (/^\s*\|.*\|\s*$/.test(line) && /^\s*\|?\s*:?-{3,}/.test(lines[i + 1] ?? '')) {
      flush();
      const header = cells(line);
      const rows: Span[][][] = [];
      for (i += 2; i < lines.length && /^\s*\|.*\|\s*$/.test(lines[i]!); i++) rows.push(cells(lines[i]!));
      i--;
      blocks.push({ kind: 'table', header, rows });
    } else if (/^\s*[-*] /.test(line)) {
      flush();
      const items: Span[][] = [];
      for (; i < lines.length && /^\s*[-*] /.test(lines[i]!); i++) items.push(parseInline(lines[i]!.replace(/^\s*[-*] /, '')));
      i--;
      blocks.push({ kind: 'list', items });
    } else if (/^#{1,4} /.test(line)) {
      flush();
      blocks.push({ kind: 'heading', spans: parseInline(line.replace(/^#+ /, '')) });
    } else if (/^-{3,}\s*$/.test(line)) {
      flush();
      blocks.push({ kind: 'rule' });
    } else if (line.trim() === '') {
      flush();
    } else {
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}
