import { describe, expect, it } from 'vitest';
import { contentDisposition, downloadName } from './filenames.js';

describe('download names', () => {
  it('ASCII slug of the title, the run, the content; the UTF-8 title in filename*', () => {
    expect(downloadName({ title: 'Schweißnaht Ø 25 – Lauf', runNumber: 3, what: 'temperature_3d', extension: 'vti' })).toBe('schwei-naht-25-lauf-run-3-temperature-3d.vti');
    expect(downloadName({ title: '***', extension: 'json', what: 'case' })).toBe('simulation-case.json');
    expect(contentDisposition('a "b".csv')).toBe(`attachment; filename="a _b_.csv"; filename*=UTF-8''a%20%22b%22.csv`);
  });
});
