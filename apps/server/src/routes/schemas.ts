// Shapes shared by the route definitions (for validation, serialisation and the OpenAPI document).

import { z } from 'zod';

/** Every error answer: a sentence, or for validation errors the list of offending fields. */
export const ErrorResponse = z.object({
  detail: z.union([
    z.string(),
    z.array(z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() })),
  ]),
});

export const errorResponses = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, ErrorResponse])) as Record<number, typeof ErrorResponse>;
