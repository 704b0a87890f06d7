import { describe, expect, it } from 'vitest';
import { all, rules, sameAs } from './formRules';

describe('form rules', () => {
  it('answers the spec messages in rule order', () => {
    const email = rules('required', 'email');
    expect(email('')).toBe('This field is required');
    expect(email('   ')).toBe('This field is required');
    expect(email('nope')).toBe('This field must be a valid email');
    expect(email('ada@simforge.test')).toBe(true);
  });

  it('takes arguments', () => {
    expect(rules(['min', 8])('short')).toBe('Minimum length is 8');
    expect(rules(['between', 1, 5])(6)).toBe('This field must be between 1 and 5');
    expect(rules(['min_value', 0])(-1)).toBe('This field must be 0 or more');
    expect(rules(['max_value', 10])(11)).toBe('This field must be 10 or less');
    expect(rules('req')(null)).toBe('This field is required');
    expect(rules('sparkly')('x')).toBe('This field is invalid');
  });

  it('checks a confirmation against the other field', () => {
    let other = 'secret-123';
    const confirm = all(rules('required'), sameAs(() => other));
    expect(confirm('')).toBe('This field is required');
    expect(confirm('secret-124')).toBe('Passwords do not match');
    expect(confirm('secret-123')).toBe(true);
    other = 'changed';
    expect(confirm('secret-123')).toBe('Passwords do not match');
  });
});
