// /users/...: one's own profile (any signed-in user) and user administration (superusers).

import { Message, UserCreate, UserIdParams, UserPublic, UserUpdate, UserUpdateMe, UserUpdateMeResponse, UsersPublic, UsersQuery } from '@simforge/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, type AuthGuards } from '../http/auth-guard.js';
import { bearerSecurity } from '../http/docs.js';
import type { UsersService } from '../services/users.js';
import { toPage, toUserPublic } from './presenters.js';
import { errorResponses } from './schemas.js';

export interface UsersRoutesOptions {
  guards: AuthGuards;
  users: UsersService;
}

// Long function: the route table of /users; each handler is a few lines calling the service.
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { guards, users }) => {
  const signedIn = { onRequest: guards.user };
  const admin = { onRequest: guards.superuser };
  const tags = ['users'];

  app.get(
    '/users/me',
    {
      ...signedIn,
      schema: { tags, summary: 'My profile', security: bearerSecurity, response: { 200: UserPublic, ...errorResponses(400, 401, 404) } },
    },
    async (request) => toUserPublic(actorOf(request)),
  );

  app.put(
    '/users/me',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Update my profile (a new email or password needs current_password; a new password ends every earlier token and answers a new one)',
        security: bearerSecurity,
        body: UserUpdateMe,
        response: { 200: UserUpdateMeResponse, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { user, access_token } = await users.updateMe(actorOf(request), request.body);
      if (access_token) reply.header('cache-control', 'no-store');
      return { ...toUserPublic(user), ...(access_token ? { access_token } : {}) };
    },
  );

  app.delete(
    '/users/me',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Delete my account with its simulations, runs, results and chat history (queued and running simulations are aborted first; not for superusers)',
        security: bearerSecurity,
        response: { 200: Message, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await users.deleteMe(actorOf(request));
      return { msg: 'User deleted successfully' };
    },
  );

  app.get(
    '/users/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'List users in creation order (superuser)',
        security: bearerSecurity,
        querystring: UsersQuery,
        response: { 200: UsersPublic, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => toPage(await users.list(actorOf(request), request.query), toUserPublic),
  );

  app.post(
    '/users/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Create a user (superuser)',
        security: bearerSecurity,
        body: UserCreate,
        response: { 200: UserPublic, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => toUserPublic(await users.create(actorOf(request), request.body)),
  );

  app.get(
    '/users/:user_id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'One user (superuser)',
        security: bearerSecurity,
        params: UserIdParams,
        response: { 200: UserPublic, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => toUserPublic(await users.get(actorOf(request), request.params.user_id)),
  );

  app.put(
    '/users/:user_id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Update a user (superuser)',
        security: bearerSecurity,
        params: UserIdParams,
        body: UserUpdate,
        response: { 200: UserPublic, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => toUserPublic(await users.update(actorOf(request), request.params.user_id, request.body)),
  );

  app.delete(
    '/users/:user_id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a user with their simulations, runs, results and chat history (superuser; not oneself)',
        security: bearerSecurity,
        params: UserIdParams,
        response: { 200: Message, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      await users.remove(actorOf(request), request.params.user_id);
      return { msg: 'User deleted successfully' };
    },
  );
};
