// A flowing A4 page writer on pdf-lib: headings, wrapped paragraphs, two- or more-column tables and
// line plots, starting a new page when the current one is full. Text goes through the standard
// Helvetica font (WinAnsi), so characters it cannot encode are spelt out (Δ -> Delta) first.

import { PDFDocument, PDFFont, PDFPage, rgb, StandardFonts } from 'pdf-lib';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;

const SPELLED: Record<string, string> = {
  '\u2212': '-', '\u2264': '<=', '\u2265': '>=', '\u2248': '~', '\u2260': '!=', '\u221e': 'inf', '\u2192': '->', '\u2190': '<-', '\u00a0': ' ',
  'Δ': 'Delta', 'α': 'alpha', 'β': 'beta', 'γ': 'gamma', 'δ': 'delta', 'ε': 'epsilon', 'η': 'eta', 'θ': 'theta', 'κ': 'kappa', 'λ': 'lambda',
  'μ': 'µ', 'ν': 'nu', 'π': 'pi', 'ρ': 'rho', 'σ': 'sigma', 'τ': 'tau', 'φ': 'phi', 'ω': 'omega', 'Ω': 'Ohm', 'ξ': 'xi', '⁻': '-', '¹': '1',
  '₀': '0', '₁': '1', '₂': '2', '₃': '3', '⁴': '4', '⁵': '5',
};

export const colours = { text: rgb(0.1, 0.1, 0.12), muted: rgb(0.4, 0.4, 0.45), rule: rgb(0.75, 0.75, 0.8), pass: rgb(0.1, 0.5, 0.2), fail: rgb(0.75, 0.1, 0.1) };
export const curveColours = [rgb(0.12, 0.35, 0.75), rgb(0.85, 0.33, 0.1), rgb(0.2, 0.6, 0.25), rgb(0.6, 0.2, 0.6), rgb(0.5, 0.5, 0.1), rgb(0.1, 0.55, 0.6)];

export interface PlotCurve {
  label: string;
  x: number[];
  y: number[];
}

export interface PlotSpec {
  title: string;
  xLabel: string;
  yLabel: string;
  curves: PlotCurve[];
  logY?: boolean;
}

/** At most `max` points of a curve, evenly picked (the plot is a picture, the CSV holds every value). */
function thin(x: number[], y: number[], max: number): [number[], number[]] {
  if (x.length <= max) return [x, y];
  const step = (x.length - 1) / (max - 1);
  const idx = Array.from({ length: max }, (_, i) => Math.round(i * step));
  return [idx.map((i) => x[i]!), idx.map((i) => y[i]!)];
}

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const a = Math.abs(value);
  return a >= 1e6 || a < 1e-3 ? value.toExponential(3) : String(Number(value.toPrecision(5)));
}

export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly charset: Set<number>;

  private constructor(
    readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.charset = new Set(font.getCharacterSet());
    this.newPage();
  }

  static async create(title: string): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.setTitle(title);
    doc.setProducer('SimForge');
    doc.setCreator('SimForge');
    return new PdfWriter(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  }

  /** Text the font can draw. */
  clean(text: string): string {
    let out = '';
    for (const ch of text) {
      const spelled = SPELLED[ch];
      if (spelled !== undefined) out += spelled;
      else if (ch === '\n' || ch === '\t') out += ' ';
      else out += this.charset.has(ch.codePointAt(0)!) ? ch : '?';
    }
    return out;
  }

  private newPage(): void {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  private ensure(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  private wrap(text: string, size: number, width: number, font = this.font): string[] {
    const words = this.clean(text).split(/\s+/).filter(Boolean);
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    // A single word wider than the column is cut (ids, long file names).
    return lines.flatMap((l) => {
      if (font.widthOfTextAtSize(l, size) <= width) return [l];
      const parts: string[] = [];
      let rest = l;
      while (rest) {
        let n = rest.length;
        while (n > 1 && font.widthOfTextAtSize(rest.slice(0, n), size) > width) n--;
        parts.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      return parts;
    });
  }

  title(text: string): void {
    for (const line of this.wrap(text, 18, A4.width - 2 * MARGIN, this.bold)) {
      this.ensure(24);
      this.page.drawText(line, { x: MARGIN, y: this.y - 18, size: 18, font: this.bold, color: colours.text });
      this.y -= 24;
    }
    this.y -= 4;
  }

  heading(text: string): void {
    this.ensure(40);
    this.y -= 10;
    this.page.drawText(this.clean(text), { x: MARGIN, y: this.y - 13, size: 13, font: this.bold, color: colours.text });
    this.y -= 18;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4.width - MARGIN, y: this.y }, thickness: 0.5, color: colours.rule });
    this.y -= 6;
  }

  paragraph(text: string, options: { size?: number; muted?: boolean } = {}): void {
    const size = options.size ?? 10;
    for (const line of this.wrap(text, size, A4.width - 2 * MARGIN)) {
      this.ensure(size + 4);
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font: this.font, color: options.muted ? colours.muted : colours.text });
      this.y -= size + 4;
    }
    this.y -= 2;
  }

  /** Rows of cells; `widths` are fractions of the text width. The first row is the header when `header` is set. */
  table(rows: string[][], widths: number[], options: { header?: boolean; size?: number; colourOf?: (row: number, column: number) => ReturnType<typeof rgb> | undefined } = {}): void {
    const size = options.size ?? 9;
    const total = A4.width - 2 * MARGIN;
    rows.forEach((row, r) => {
      const isHeader = options.header === true && r === 0;
      const font = isHeader ? this.bold : this.font;
      const cells = row.map((cell, c) => this.wrap(cell, size, widths[c]! * total - 6, font));
      const height = Math.max(1, ...cells.map((lines) => lines.length)) * (size + 3) + 3;
      this.ensure(height);
      let x = MARGIN;
      cells.forEach((lines, c) => {
        lines.forEach((line, l) =>
          this.page.drawText(line, { x, y: this.y - size - l * (size + 3), size, font, color: options.colourOf?.(r, c) ?? (isHeader ? colours.text : colours.text) }),
        );
        x += widths[c]! * total;
      });
      this.y -= height;
      if (isHeader) this.page.drawLine({ start: { x: MARGIN, y: this.y + 1 }, end: { x: A4.width - MARGIN, y: this.y + 1 }, thickness: 0.4, color: colours.rule });
    });
    this.y -= 4;
  }

  /** A line plot with its axes' ranges written at the ends (vector graphics). */
  plot(spec: PlotSpec): void {
    const height = 190;
    const legend = spec.curves.length > 1 ? Math.ceil(spec.curves.length / 2) * 11 : 0;
    this.ensure(height + 40 + legend);
    const box = { x: MARGIN + 55, y: this.y - 20 - height + 20, w: A4.width - 2 * MARGIN - 70, h: height - 30 };
    this.page.drawText(this.clean(spec.title), { x: MARGIN, y: this.y - 11, size: 10, font: this.bold, color: colours.text });
    const ty = (v: number) => (spec.logY ? Math.log10(Math.max(Math.abs(v), 1e-300)) : v);
    const finite = (v: number) => Number.isFinite(v);
    const xs = spec.curves.flatMap((c) => c.x).filter(finite);
    const ys = spec.curves.flatMap((c) => c.y.map(ty)).filter(finite);
    if (xs.length < 2 || ys.length < 2) {
      this.y -= 16;
      this.paragraph('(no finite values to plot)', { muted: true });
      return;
    }
    let [x0, x1] = [Math.min(...xs), Math.max(...xs)];
    let [y0, y1] = [Math.min(...ys), Math.max(...ys)];
    if (x1 === x0) [x0, x1] = [x0 - 1, x1 + 1];
    if (y1 === y0) [y0, y1] = [y0 - Math.max(1, Math.abs(y0)) * 0.05, y1 + Math.max(1, Math.abs(y1)) * 0.05];
    const px = (v: number) => box.x + ((v - x0) / (x1 - x0)) * box.w;
    const py = (v: number) => box.y + ((ty(v) - y0) / (y1 - y0)) * box.h;
    this.page.drawRectangle({ x: box.x, y: box.y, width: box.w, height: box.h, borderColor: colours.rule, borderWidth: 0.6 });
    const label = (text: string, x: number, y: number) => this.page.drawText(this.clean(text), { x, y, size: 7, font: this.font, color: colours.muted });
    const yText = (v: number) => (spec.logY ? formatNumber(10 ** v) : formatNumber(v));
    label(yText(y1), MARGIN, box.y + box.h - 7);
    label(yText(y0), MARGIN, box.y);
    label(spec.yLabel + (spec.logY ? ' (log)' : ''), MARGIN, box.y + box.h / 2);
    label(formatNumber(x0), box.x, box.y - 10);
    const x1Text = this.clean(formatNumber(x1));
    label(x1Text, box.x + box.w - this.font.widthOfTextAtSize(x1Text, 7), box.y - 10);
    const xl = this.clean(spec.xLabel);
    label(xl, box.x + box.w / 2 - this.font.widthOfTextAtSize(xl, 7) / 2, box.y - 10);
    spec.curves.forEach((curve, k) => {
      const [cx, cy] = thin(curve.x, curve.y, 600);
      const colour = curveColours[k % curveColours.length]!;
      for (let i = 1; i < cx.length; i++) {
        const [a, b] = [i - 1, i];
        if (![cx[a]!, cx[b]!, ty(cy[a]!), ty(cy[b]!)].every(finite)) continue;
        this.page.drawLine({ start: { x: px(cx[a]!), y: py(cy[a]!) }, end: { x: px(cx[b]!), y: py(cy[b]!) }, thickness: 0.9, color: colour });
      }
    });
    this.y = box.y - 16;
    if (spec.curves.length > 1) {
      spec.curves.forEach((curve, k) => {
        const col = k % 2;
        const yy = this.y - Math.floor(k / 2) * 11;
        const x = box.x + col * (box.w / 2);
        this.page.drawLine({ start: { x, y: yy + 3 }, end: { x: x + 14, y: yy + 3 }, thickness: 1.5, color: curveColours[k % curveColours.length]! });
        this.page.drawText(this.wrap(curve.label, 7, box.w / 2 - 24)[0] ?? '', { x: x + 18, y: yy, size: 7, font: this.font, color: colours.text });
      });
      this.y -= legend;
    }
    this.y -= 8;
  }

  save(): Promise<Uint8Array> {
    return this.doc.save();
  }
}
