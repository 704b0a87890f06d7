import { z } from 'zod';

/**
 * GET /api/v1/utils/config: what the browser needs before sign-in. Extends the spec's
 * `{auth_provider}` (ConfigResponse) with the tag-manager container id, which decisions.md takes
 * from configuration; `null` means no analytics script is ever loaded.
 */
export const PublicConfigResponse = z.object({
  auth_provider: z.string(),
  analytics_container_id: z.string().nullable(),
});
export type PublicConfigResponse = z.infer<typeof PublicConfigResponse>;
