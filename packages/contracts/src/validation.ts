// The form-validation messages of the specification (section 5), word for word. The web forms and the
// server's zod schemas both use these, so a user sees the same sentence wherever a value is refused.

export const validationMessages = {
  required: 'This field is required',
  email: 'This field must be a valid email',
  between: (min: number, max: number) => `This field must be between ${min} and ${max}`,
  minLength: (n: number) => `Minimum length is ${n}`,
  minValue: (n: number) => `This field must be ${n} or more`,
  maxValue: (n: number) => `This field must be ${n} or less`,
  invalid: 'This field is invalid',
} as const;

/** A rule as the forms name it: `required`, `req`, `email`, `between:min,max`, `min:n`, `min_value:n`, `max_value:n`. */
export type RuleName = 'required' | 'req' | 'email' | 'between' | 'min' | 'min_value' | 'max_value' | (string & {});

// Standard address pattern (WHATWG's input[type=email] grammar).
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Null, undefined, false, an empty list and blank text count as empty (spec section 5). */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'string') return value.trim() === '';
  return false;
}

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

/**
 * The default message for a failed rule, or `true` when the value passes.
 * Rules other than `required`/`req` pass on empty input, so that "optional but if given, valid" composes.
 */
export function checkRule(rule: RuleName, value: unknown, args: readonly number[] = []): true | string {
  switch (rule) {
    case 'required':
    case 'req':
      return isEmpty(value) ? validationMessages.required : true;
    case 'email':
      if (isEmpty(value)) return true;
      return typeof value === 'string' && isValidEmail(value) ? true : validationMessages.email;
    case 'between': {
      if (isEmpty(value)) return true;
      const [min, max] = args as [number, number];
      const n = toNumber(value);
      return Number.isFinite(n) && n >= min && n <= max ? true : validationMessages.between(min, max);
    }
    case 'min': {
      if (isEmpty(value)) return true;
      const [n] = args as [number];
      const length = typeof value === 'string' || Array.isArray(value) ? value.length : String(value).length;
      return length >= n ? true : validationMessages.minLength(n);
    }
    case 'min_value': {
      if (isEmpty(value)) return true;
      const [n] = args as [number];
      const v = toNumber(value);
      return Number.isFinite(v) && v >= n ? true : validationMessages.minValue(n);
    }
    case 'max_value': {
      if (isEmpty(value)) return true;
      const [n] = args as [number];
      const v = toNumber(value);
      return Number.isFinite(v) && v <= n ? true : validationMessages.maxValue(n);
    }
    default:
      return validationMessages.invalid;
  }
}
