// /networks/...: the pipe diagram editors' conversions between an EPANET `.inp` text and the JSON
// network document (bearer auth; the work is the solvers' parser and writer, in services/networks).

import { InpToNetworkRequest, InpToNetworkResponse, INP_FILE_KIND, MAX_INP_LENGTH, NetworkToInpRequest, NetworkToInpResponse } from '@simforge/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../http/auth-guard.js';
import { bearerSecurity } from '../http/docs.js';
import { inpToNetwork, networkToInp } from '../services/networks.js';
import { errorResponses } from './schemas.js';

/** An `.inp` text at its limit, JSON-escaped and UTF-8 encoded (4 bytes a character), plus the rest; a document of it is of the same order. */
const BODY_LIMIT = 4 * MAX_INP_LENGTH + 256 * 1024;

export interface NetworksRoutesOptions {
  guards: AuthGuards;
}

export const networksRoutes: FastifyPluginAsyncZod<NetworksRoutesOptions> = async (app, { guards }) => {
  const common = { onRequest: guards.user, bodyLimit: BODY_LIMIT };
  const inpFile = { textFiles: { inp: INP_FILE_KIND } };
  const tags = ['networks'];

  app.post(
    '/networks/from-inp',
    {
      ...common,
      config: inpFile,
      schema: {
        tags,
        summary: 'Read an EPANET .inp text into the network document (SI); unused sections come back as warnings with their line numbers',
        security: bearerSecurity,
        body: InpToNetworkRequest,
        response: { 200: InpToNetworkResponse, ...errorResponses(401, 413, 422) },
      },
    },
    async (request) => inpToNetwork(request.body.inp),
  );

  app.post(
    '/networks/to-inp',
    {
      ...common,
      schema: {
        tags,
        summary: 'Write the network document as an EPANET .inp text (in its units); what the file cannot carry comes back as warnings',
        security: bearerSecurity,
        body: NetworkToInpRequest,
        response: { 200: NetworkToInpResponse, ...errorResponses(401, 413, 422) },
      },
    },
    async (request) => networkToInp(request.body.network),
  );
};
