import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { ConfigResponse } from '@simforge/contracts';
import { api } from '../../lib/api';

/** GET /utils/config: the sign-in provider and the analytics container (null: no analytics). */
export const AppConfig = ConfigResponse.extend({
  analytics_container_id: z.string().nullable().optional(),
});
export type AppConfig = z.infer<typeof AppConfig>;

/** A failure is rethrown (spec section 8): callers show an error state. */
export async function getConfig(): Promise<AppConfig> {
  return AppConfig.parse(await api.get('/utils/config'));
}

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: getConfig,
  staleTime: 10 * 60 * 1000,
  retry: false,
});
