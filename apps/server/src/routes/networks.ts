// /networks/...: the pipe diagram editors' conversions between an EPANET `.inp` text and the JSON
// network document (bearer auth; the work is the solvers' parser and writer, in services/networks,
// run in the compute pool with the JSON of the body and of the answer).

import { INP_LABEL, InpToNetworkRequest, InpToNetworkResponse, NetworkToInpRequest, NetworkToInpResponse } from '@simforge/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RequestCompute } from '../compute/request-compute.js';
import type { AuthGuards } from '../http/auth-guard.js';
import { DOCUMENT_BODY_LIMIT, documentTooLarge, INP_BODY_LIMIT, inpTooLarge } from '../http/body-limits.js';
import { bearerSecurity } from '../http/docs.js';
import { errorResponses } from './schemas.js';


export interface NetworksRoutesOptions {
  guards: AuthGuards;
  compute: Pick<RequestCompute, 'inpToNetworkJson' | 'networkToInpJson'>;
}

/** The body is checked in the compute pool against the schema the route documents (see below). */
const checkedInThePool = () => (value: unknown) => ({ value });

export const networksRoutes: FastifyPluginAsyncZod<NetworksRoutesOptions> = async (app, { guards, compute }) => {
  // A document at the size limit is megabytes of JSON: reading, checking and answering it takes
  // seconds, so in these routes the body stays text and the compute pool does all of it
  // (services/networks.ts), answering JSON text that is sent as it is.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const common = { onRequest: guards.user, validatorCompiler: checkedInThePool };
  const tags = ['networks'];
  const json = (reply: FastifyReply, text: string) => reply.type('application/json; charset=utf-8').send(text);

  app.post(
    '/networks/from-inp',
    {
      ...common,
      bodyLimit: INP_BODY_LIMIT,
      config: { bodyTooLarge: inpTooLarge(INP_LABEL) },
      schema: {
        tags,
        summary: 'Read an EPANET .inp text into the network document (SI); unused sections come back as warnings with their line numbers',
        security: bearerSecurity,
        body: InpToNetworkRequest,
        response: { 200: InpToNetworkResponse, ...errorResponses(400, 401, 413, 422) },
      },
    },
    async (request, reply) => json(reply, await compute.inpToNetworkJson(request.body as unknown as string)),
  );

  app.post(
    '/networks/to-inp',
    {
      ...common,
      bodyLimit: DOCUMENT_BODY_LIMIT,
      config: { bodyTooLarge: documentTooLarge() },
      schema: {
        tags,
        summary: 'Write the network document as an EPANET .inp text (in its units); what the file cannot carry comes back as warnings',
        security: bearerSecurity,
        body: NetworkToInpRequest,
        response: { 200: NetworkToInpResponse, ...errorResponses(400, 401, 413, 422) },
      },
    },
    async (request, reply) => json(reply, await compute.networkToInpJson(request.body as unknown as string)),
  );
};
