// API error details (the product decisions, "Accounts and sign-in"). Every error answer is `{"detail": ...}`:
// a string, or for validation errors a list of `{loc, msg, type}` naming the field.

export const errorDetails = {
  notAuthenticated: 'Not authenticated',
  couldNotValidate: 'Could not validate credentials',
  inactiveUser: 'Inactive user',
  notEnoughPrivileges: "The user doesn't have enough privileges",
  incorrectPassword: 'Incorrect password',
  samePassword: 'New password cannot be the same as the current one',
  emailTaken: 'A user with this email already exists',
  userNotFound: 'User not found',
  invalidToken: 'Invalid token',
  notFound: 'Not Found',
  tooManyRequests: 'Too many requests, please try again later',
  invalidLoginState: 'Invalid or expired login state',
  loginFailed: 'Sign-in with the identity provider failed',
} as const;

export interface ValidationIssue {
  /** Path of the offending field, starting with where it came from: `body`, `query` or `path`. */
  loc: (string | number)[];
  msg: string;
  type: string;
}

export interface ErrorBody {
  detail: string | ValidationIssue[];
}

export interface MessageBody {
  msg: string;
}
