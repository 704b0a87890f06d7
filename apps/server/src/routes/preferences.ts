// GET / PUT /users/me/preferences: the signed-in user's display preferences (the unit system).

import { defaultPreferences, UserPreferences, UserPreferencesUpdate } from '@simforge/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, type AuthGuards } from '../http/auth-guard.js';
import { bearerSecurity } from '../http/docs.js';
import type { UserPreferencesRepository } from '../repositories/user-preferences.js';
import { errorResponses } from './schemas.js';

export interface PreferencesRoutesOptions {
  guards: AuthGuards;
  preferences: UserPreferencesRepository;
  now: () => Date;
}

export const preferencesRoutes: FastifyPluginAsyncZod<PreferencesRoutesOptions> = async (app, { guards, preferences, now }) => {
  const common = { onRequest: guards.user, schema: { tags: ['users'], security: bearerSecurity } };
  const present = (row: { unit_system: string } | null): UserPreferences => UserPreferences.parse({ ...defaultPreferences, ...(row ? { unit_system: row.unit_system } : {}) });

  app.get(
    '/users/me/preferences',
    { ...common, schema: { ...common.schema, summary: 'My display preferences (defaults until I choose)', response: { 200: UserPreferences, ...errorResponses(400, 401) } } },
    async (request) => present(await preferences.find(actorOf(request).id)),
  );

  app.put(
    '/users/me/preferences',
    {
      ...common,
      schema: { ...common.schema, summary: 'Change my display preferences (the fields given)', body: UserPreferencesUpdate, response: { 200: UserPreferences, ...errorResponses(400, 401, 422) } },
    },
    async (request) => {
      const actor = actorOf(request);
      const current = present(await preferences.find(actor.id));
      return present(await preferences.save(actor.id, { ...current, ...request.body }, now()));
    },
  );
};
