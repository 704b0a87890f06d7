import { z } from 'zod';

/**
 * GET /api/v1/utils/config: what the browser needs before sign-in. Extends the spec's
 * `{auth_provider}` (ConfigResponse) with the tag-manager container id, which the product decisions take
 * from configuration; `null` means no analytics script is ever loaded.
 */
export const PublicConfigResponse = z.object({
  auth_provider: z.string(),
  analytics_container_id: z.string().nullable(),
  /**
   * The address browsers use (PUBLIC_URL): sign-in works only there, so the login screen can name
   * it to a browser that opened the app at another address. Optional for older servers.
   */
  public_url: z.string().optional(),
});
export type PublicConfigResponse = z.infer<typeof PublicConfigResponse>;
