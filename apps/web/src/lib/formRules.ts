// The spec's form rules (section 5) as react-hook-form validators. Messages come from the shared
// contracts, so a user sees the same sentence in the browser and from the API.
import { checkRule, type RuleName } from '@simforge/contracts';

/** A rule name, or a rule with its arguments: `'required'`, `['min', 8]`, `['between', 0, 1]`. */
export type Rule = RuleName | readonly [RuleName, ...number[]];

export type Validator = (value: unknown) => true | string;

/** Runs the rules in order and answers the first failing message, or `true`. */
export function rules(...list: Rule[]): Validator {
  return (value: unknown) => {
    for (const rule of list) {
      const [name, ...args] = typeof rule === 'string' ? [rule] : rule;
      const result = checkRule(name, value, args);
      if (result !== true) return result;
    }
    return true;
  };
}

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** Confirmation field: equal to the value `other()` answers at validation time. */
export function sameAs(other: () => unknown, message = PASSWORDS_DO_NOT_MATCH): Validator {
  return (value: unknown) => (value === other() ? true : message);
}

/** Combines validators; the first failure wins. */
export function all(...validators: Validator[]): Validator {
  return (value: unknown) => {
    for (const validate of validators) {
      const result = validate(value);
      if (result !== true) return result;
    }
    return true;
  };
}
