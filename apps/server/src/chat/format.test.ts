// Result values in the assistant's answers: engineering unit first, the stored SI value beside.

import { describe, expect, it } from 'vitest';
import { summaryTable } from './knowledge/results.js';
import { formatQuantity } from './format.js';

describe('formatQuantity', () => {
  it('shows an angle in rad (the welding angular_distortion) in degrees with the SI value', () => {
    // 3.249 mrad × 180/π = 0.18615°.
    expect(formatQuantity(3.249e-3, 'rad')).toBe('0.1862 ° (0.003249 rad)');
    expect(summaryTable({ angular_distortion: { value: 3.249e-3, unit: 'rad', label: 'Angular distortion' } })).toContain('| Angular distortion | `angular_distortion` | 0.1862 ° (0.003249 rad) |');
  });

  it('chooses the unit by magnitude as the pages do: a plant’s year of heat in TJ, a small pressure drop in kPa', () => {
    expect(formatQuantity(31535784241322.24, 'J')).toBe('31.54 TJ (3.154e13 J)');
    expect(formatQuantity(5874.6, 'Pa')).toBe('5.875 kPa (5875 Pa)');
  });
});
