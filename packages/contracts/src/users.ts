import { z } from 'zod';
import { validationMessages as m } from './validation.js';

// Field limits of the product decisions: email and full name at most 255 characters, passwords 8 to 128.
export const limits = {
  emailMax: 255,
  fullNameMax: 255,
  passwordMin: 8,
  passwordMax: 128,
} as const;

export const emailField = z
  .string({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .max(limits.emailMax, { error: `At most ${limits.emailMax} characters` })
  .pipe(z.email({ error: m.email }));

export const passwordField = z
  .string({ error: m.required })
  .min(limits.passwordMin, { error: m.minLength(limits.passwordMin) })
  .max(limits.passwordMax, { error: `At most ${limits.passwordMax} characters` });

export const fullNameField = z.string().max(limits.fullNameMax, { error: `At most ${limits.fullNameMax} characters` });

/** The profile answer (spec section 3 plus the product decisions). */
export const UserPublic = z.object({
  id: z.uuid(),
  email: z.string(),
  full_name: z.string().nullable(),
  is_active: z.boolean(),
  is_superuser: z.boolean(),
  is_anonymous: z.boolean(),
  created_at: z.string(),
});
export type UserPublic = z.infer<typeof UserPublic>;

export const UsersPublic = z.object({ data: z.array(UserPublic), count: z.number().int() });
export type UsersPublic = z.infer<typeof UsersPublic>;

export const UsersQuery = z.object({
  skip: z.coerce.number().int().min(0, { error: m.minValue(0) }).default(0),
  limit: z.coerce.number().int().min(1, { error: m.minValue(1) }).max(1000, { error: m.maxValue(1000) }).default(100),
});
export type UsersQuery = z.infer<typeof UsersQuery>;

/** POST /users/ (superuser). */
export const UserCreate = z.object({
  email: emailField,
  password: passwordField,
  full_name: fullNameField.nullish(),
  is_active: z.boolean().default(true),
  is_superuser: z.boolean().default(false),
});
export type UserCreate = z.infer<typeof UserCreate>;

/** PUT /users/{user_id} (superuser): the same fields, all optional. */
export const UserUpdate = z.object({
  email: emailField.optional(),
  password: passwordField.optional(),
  full_name: fullNameField.nullish(),
  is_active: z.boolean().optional(),
  is_superuser: z.boolean().optional(),
});
export type UserUpdate = z.infer<typeof UserUpdate>;

/** PUT /users/me: changing one's own email or password needs the current password too. */
export const UserUpdateMe = z.object({
  email: emailField.optional(),
  full_name: fullNameField.nullish(),
  password: passwordField.optional(),
  current_password: z.string().max(limits.passwordMax, { error: `At most ${limits.passwordMax} characters` }).optional(),
});
export type UserUpdateMe = z.infer<typeof UserUpdateMe>;

/**
 * The answer of PUT /users/me: the profile, and after a password change a new access token for
 * this client (the change ended every earlier token, the caller's included).
 */
export const UserUpdateMeResponse = UserPublic.extend({ access_token: z.string().optional() });
export type UserUpdateMeResponse = z.infer<typeof UserUpdateMeResponse>;

export const UserIdParams = z.object({ user_id: z.uuid({ error: 'Not a valid user id' }) });

export const RecoveryParams = z.object({ email: z.string().min(1, { error: m.required }) });

export const NewPassword = z.object({
  token: z.string({ error: m.required }).min(1, { error: m.required }),
  new_password: passwordField,
});
export type NewPassword = z.infer<typeof NewPassword>;

export const Message = z.object({ msg: z.string() });
