import { describe, expect, it } from 'vitest';
import { checkRule, isEmpty, validationMessages } from './validation.js';
import { familyOf } from './catalogue.js';
import { UserCreate } from './users.js';

describe('form validation rules (spec section 5)', () => {
  it('treats null, false, an empty list and blank text as empty', () => {
    for (const v of [null, undefined, false, [], '', '   ']) expect(isEmpty(v)).toBe(true);
    for (const v of [0, 'a', [1], true]) expect(isEmpty(v)).toBe(false);
  });

  it('required and req give the same message', () => {
    expect(checkRule('required', ' ')).toBe('This field is required');
    expect(checkRule('req', [])).toBe('This field is required');
    expect(checkRule('required', 'x')).toBe(true);
  });

  it('email uses the standard pattern', () => {
    expect(checkRule('email', 'a@b.co')).toBe(true);
    expect(checkRule('email', 'a@')).toBe('This field must be a valid email');
    expect(checkRule('email', 'a b@c.d')).toBe('This field must be a valid email');
  });

  it('between is numeric and inclusive', () => {
    expect(checkRule('between', '1', [1, 5])).toBe(true);
    expect(checkRule('between', 5, [1, 5])).toBe(true);
    expect(checkRule('between', 5.0001, [1, 5])).toBe('This field must be between 1 and 5');
    expect(checkRule('between', 'abc', [1, 5])).toBe('This field must be between 1 and 5');
  });

  it('min is a length, min_value and max_value are numbers', () => {
    expect(checkRule('min', 'abc', [4])).toBe('Minimum length is 4');
    expect(checkRule('min', 'abcd', [4])).toBe(true);
    expect(checkRule('min_value', 2, [3])).toBe('This field must be 3 or more');
    expect(checkRule('max_value', 4, [3])).toBe('This field must be 3 or less');
    expect(checkRule('max_value', 3, [3])).toBe(true);
  });

  it('any other rule is invalid', () => {
    expect(checkRule('shiny', 'x')).toBe(validationMessages.invalid);
    expect(checkRule('shiny', 'x')).toBe('This field is invalid');
  });
});

describe('catalogue', () => {
  // The families of the spec and nothing else: a type outside its table, or in other case, is unknown.
  it.each([
    ['BUTT_WELD', 'cwm'],
    ['PIPE_NETWORK', 'pipe'],
    ['JET_IMPINGING_RIDGE', 'jet'],
    ['LASER_PLASMA_FLEXIBLE_PLATE', 'melt-pool'],
    ['PIPE_NETWORK_2', 'unknown'],
    ['butt_weld', 'unknown'],
  ])('%s is of the family %s', (type, family) => {
    expect(familyOf(type)).toBe(family);
  });
});

describe('user schemas share the form messages', () => {
  it('names the failing fields with the spec messages', () => {
    const r = UserCreate.safeParse({ email: 'nope', password: 'short' });
    expect(r.success).toBe(false);
    const msgs = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(msgs).toEqual({ email: 'This field must be a valid email', password: 'Minimum length is 8' });
  });
});
