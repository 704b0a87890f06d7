// Readers for the exported files, independent of the writers: CSV rows, the VTK XML structure
// (piece sizes, arrays and their value counts), and a PDF's text through pdfjs-dist.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export function parseCsv(text: string): string[][] {
  return text
    .split(/\r\n/)
    .filter((line) => line !== '')
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i]!;
        if (quoted) {
          if (ch === '"' && line[i + 1] === '"') {
            cell += '"';
            i++;
          } else if (ch === '"') quoted = false;
          else cell += ch;
        } else if (ch === '"') quoted = true;
        else if (ch === ',') {
          cells.push(cell);
          cell = '';
        } else cell += ch;
      }
      cells.push(cell);
      return cells;
    });
}

export interface ParsedVtk {
  type: string;
  pointCount: number;
  cellCount: number | null;
  /** Point-data arrays by name: their values. */
  pointData: Map<string, number[]>;
  points: number[] | null;
  attributes: Record<string, string>;
}

function attributesOf(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/(\w+)="([^"]*)"/g)) out[m[1]!] = m[2]!;
  return out;
}

const numbers = (text: string) => text.trim().split(/\s+/).filter(Boolean).map(Number);

export function parseVtk(xml: string): ParsedVtk {
  const file = /<VTKFile\s[^>]*>/.exec(xml);
  if (!file) throw new Error('not a VTK XML file');
  const type = attributesOf(file[0]).type!;
  const dataset = new RegExp(`<${type}(\\s[^>]*)?>`).exec(xml)![0];
  const attributes = attributesOf(dataset);
  let pointCount: number;
  let cellCount: number | null = null;
  if (type === 'ImageData') {
    const e = attributes.WholeExtent!.split(' ').map(Number);
    pointCount = (e[1]! - e[0]! + 1) * (e[3]! - e[2]! + 1) * (e[5]! - e[4]! + 1);
  } else {
    const piece = attributesOf(/<Piece\s[^>]*>/.exec(xml)![0]);
    pointCount = Number(piece.NumberOfPoints);
    cellCount = Number(piece.NumberOfCells);
  }
  const pointData = new Map<string, number[]>();
  const block = /<PointData[^>]*>([\s\S]*?)<\/PointData>/.exec(xml)?.[1] ?? '';
  for (const m of block.matchAll(/<DataArray([^>]*)>([\s\S]*?)<\/DataArray>/g)) pointData.set(attributesOf(m[1]!).Name!, numbers(m[2]!));
  const pointsBlock = /<Points>\s*<DataArray[^>]*>([\s\S]*?)<\/DataArray>/.exec(xml);
  return { type, pointCount, cellCount, pointData, points: pointsBlock ? numbers(pointsBlock[1]!) : null, attributes };
}

/** The text of every page, joined with spaces. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // The standard 14 fonts' metrics ship with pdfjs-dist (a file path works in Node).
  const standardFontDataUrl = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n');
}
