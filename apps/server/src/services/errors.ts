// An answer the API gives on purpose: a status and a `detail` sentence (docs/adr/0014). The error
// handler turns it into `{"detail": ...}`; anything that is not an ApiError becomes a logged 500.

import { errorDetails, type ValidationIssue } from '@simforge/contracts';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

// The bearer scheme tells clients which credentials the API expects (RFC 6750).
const bearer = { 'www-authenticate': 'Bearer' };

export const notAuthenticated = () => new ApiError(401, errorDetails.notAuthenticated, bearer);
export const couldNotValidate = () => new ApiError(401, errorDetails.couldNotValidate, bearer);
export const userNotFound = () => new ApiError(404, errorDetails.userNotFound);
export const inactiveUser = () => new ApiError(400, errorDetails.inactiveUser);
export const notEnoughPrivileges = () => new ApiError(403, errorDetails.notEnoughPrivileges);
export const emailTaken = () => new ApiError(409, errorDetails.emailTaken);
export const incorrectPassword = () => new ApiError(400, errorDetails.incorrectPassword);
export const samePassword = () => new ApiError(400, errorDetails.samePassword);
export const invalidToken = () => new ApiError(400, errorDetails.invalidToken);
export const tooManyRequests = () => new ApiError(429, errorDetails.tooManyRequests);
export const notFound = () => new ApiError(404, errorDetails.notFound);

/** A 422 naming the offending fields, for checks a route schema cannot express (a type's parameters). */
export class ValidationFailed extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; '));
    this.name = 'ValidationFailed';
  }
}

/** A password that is easy to guess, reported on its field like any other validation failure. */
export const weakPassword = (field: string, msg: string) => new ValidationFailed([{ loc: ['body', field], msg, type: 'weak_password' }]);

/** zod's issues as a 422, each named at `loc` followed by its path, as the route validator names them. */
export function zodValidationFailed(issues: readonly { path: readonly PropertyKey[]; message: string; code: string }[], loc: (string | number)[] = ['body']): ValidationFailed {
  return new ValidationFailed(issues.map((issue) => ({ loc: [...loc, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))], msg: issue.message, type: issue.code })));
}

export const conflict = (detail: string) => new ApiError(409, detail);
export const unprocessable = (detail: string) => new ApiError(422, detail);
export const simulationNotFound = () => new ApiError(404, 'Simulation not found');
export const serviceUnavailable = (detail: string) => new ApiError(503, detail);
