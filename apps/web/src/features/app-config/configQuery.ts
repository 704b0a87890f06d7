import { queryOptions } from '@tanstack/react-query';
import type { PublicConfigResponse } from '@simforge/contracts';
import { contractSchemas } from '../../lib/contractSchemas';
import { api } from '../../lib/api';

/** GET /utils/config: the sign-in provider and the analytics container (null: no analytics). */
export type AppConfig = PublicConfigResponse;

/** A failure is rethrown (spec section 8): callers show an error state. */
export async function getConfig(): Promise<AppConfig> {
  const [answer, { PublicConfigResponse }] = await Promise.all([api.get('/utils/config'), contractSchemas()]);
  return PublicConfigResponse.parse(answer);
}

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: getConfig,
  staleTime: 10 * 60 * 1000,
  retry: false,
});
