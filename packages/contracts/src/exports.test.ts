import { describe, expect, it } from 'vitest';
import { CaseFile, exportPaths, SimulationImport, VerificationCase } from './exports.js';

describe('export contracts', () => {
  it('download paths encode the result name', () => {
    expect(exportPaths.seriesCsv('abc', 'node:J 1')).toBe('/simulations/abc/export/series/node%3AJ%201');
    expect(exportPaths.fieldVtk('abc', 'temperature_3d')).toBe('/simulations/abc/export/fields/temperature_3d');
  });

  it('a case file names what is wrong with it', () => {
    const result = CaseFile.safeParse({ format: 'other', version: 2, type: '', parameters: [] });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      format: 'This field must be "simforge-case"',
      version: 'This field must be 1',
      type: 'This field is required',
      title: 'This field is required',
      parameters: 'This field must be an object',
    });
  });

  it('an import needs a file name and a non-empty text', () => {
    const result = SimulationImport.safeParse({ file_name: ' ', content: '' });
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['file_name', 'This field is required'],
      ['content', 'The file is empty'],
    ]);
  });

  it('a verification case may carry an error that could not be computed', () => {
    const base = { id: 'a', model: 'm', kind: 'verification', compared: 'c', reference: 'r', value: null, reference_value: null, unit: '', error_kind: 'relative', tolerance: 0.1, passed: false, test: { file: 'f', name: 'n' } };
    expect(VerificationCase.safeParse({ ...base, error: null }).success).toBe(true);
    expect(VerificationCase.safeParse({ ...base, error: 'x' }).success).toBe(false);
  });
});
