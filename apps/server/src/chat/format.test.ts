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
});
