import { z } from 'zod';
import { validationMessages as m } from './validation.js';

/** The default sign-in provider: the product's own built-in OpenID provider. */
export const DEFAULT_AUTH_PROVIDER = 'eis-wg';

export const ConfigResponse = z.object({ auth_provider: z.string() });
export type ConfigResponse = z.infer<typeof ConfigResponse>;

/** GET /api/v1/login/external-loginurl */
export const LoginUrlQuery = z.object({
  redirect_uri: z.url({ error: 'This field must be a valid URL' }),
  session_id: z.string().min(8, { error: m.minLength(8) }).max(200),
});
export type LoginUrlQuery = z.infer<typeof LoginUrlQuery>;

export const LoginUrlResponse = z.object({ login_url: z.string(), code_verifier: z.string() });
export type LoginUrlResponse = z.infer<typeof LoginUrlResponse>;

/** POST /api/v1/login/auth-callback */
export const AuthCallbackBody = z.object({
  redirect_uri: z.url({ error: 'This field must be a valid URL' }),
  code: z.string().min(1, { error: m.required }),
  code_verifier: z.string().min(43, { error: m.minLength(43) }).max(128),
  state: z.string().min(1, { error: m.required }),
});
export type AuthCallbackBody = z.infer<typeof AuthCallbackBody>;

export const TokenResponse = z.object({ access_token: z.string(), token_type: z.literal('bearer') });

/** Where the browser goes to end the identity provider's session after POST /login/logout. */
export const LogoutUrlResponse = z.object({ logout_url: z.string() });
export type LogoutUrlResponse = z.infer<typeof LogoutUrlResponse>;
export type TokenResponse = z.infer<typeof TokenResponse>;

/**
 * GET /utils/health-check and /health. Anonymous callers and normal users get `status` and
 * `version` only; the details (database, versions, uptime, queue and workers) go to superusers.
 */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'postgres']), latency_ms: z.number() }).optional(),
  /** Versions of the parts that answer (server, solvers, Node.js). */
  versions: z.object({ server: z.string(), solvers: z.string(), node: z.string() }).optional(),
  /** Seconds since this server process started, and when. */
  uptime_seconds: z.number().optional(),
  started_at: z.string().optional(),
  /** The simulation queue: runs waiting and running, the processes executing them, and this process. */
  jobs: z
    .object({
      queued: z.number().int(),
      running: z.number().int(),
      workers: z.array(z.object({ id: z.string(), running: z.number().int(), last_heartbeat: z.string() })),
      this_process: z.object({ executes_simulations: z.boolean(), concurrency: z.number().int() }),
    })
    .optional(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
