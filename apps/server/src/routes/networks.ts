// /networks/...: the pipe diagram editors' conversions between an EPANET `.inp` text and the JSON
// network document (bearer auth; the work is the solvers' parser and writer, in services/networks,
// run in the compute pool with the JSON of the body and of the answer). /simulations/{id}/network:
// a stored network simulation's document, for its results map (the browser need not send the
// `.inp` back: a 100 000-junction file is 18 MB).

import { INP_LABEL, InpToNetworkRequest, InpToNetworkResponse, networkSimulationTypes, NetworkToInpRequest, NetworkToInpResponse } from '@simforge/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { RequestCompute } from '../compute/request-compute.js';
import { z } from 'zod';
import { actorOf, type AuthGuards } from '../http/auth-guard.js';
import { ApiError } from '../services/errors.js';
import { NetworkLayouts } from '../services/network-layouts.js';
import type { SimulationsService } from '../services/simulations.js';
import { DOCUMENT_BODY_LIMIT, documentTooLarge, INP_BODY_LIMIT, inpTooLarge } from '../http/body-limits.js';
import { bearerSecurity } from '../http/docs.js';
import { errorResponses } from './schemas.js';

export interface NetworksRoutesOptions {
  guards: AuthGuards;
  compute: Pick<RequestCompute, 'inpToNetworkJson' | 'networkToInpJson' | 'storedInpToNetworkJson'>;
  simulations: Pick<SimulationsService, 'get'>;
}

/** The body is checked in the compute pool against the schema the route documents (see below). */
const checkedInThePool = () => (value: unknown) => ({ value });

export const networksRoutes: FastifyPluginAsyncZod<NetworksRoutesOptions> = async (app, { guards, compute, simulations }) => {
  const layouts = new NetworkLayouts((inp) => compute.storedInpToNetworkJson(inp));
  // A document at the size limit is megabytes of JSON: reading, checking and answering it takes
  // seconds, so in these routes the body stays text and the compute pool does all of it
  // (services/networks.ts), answering JSON text that is sent as it is.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const common = { onRequest: guards.user, validatorCompiler: checkedInThePool };
  const tags = ['networks'];
  /** A conversion route: the body's text goes to the compute pool as it is, and the pool's JSON text is the answer. */
  const conversion = (
    path: string,
    doc: { summary: string; body: ZodType; response: ZodType; bodyLimit: number; bodyTooLarge: string },
    convert: (body: string) => Promise<string>,
  ) =>
    app.post(
      path,
      {
        ...common,
        bodyLimit: doc.bodyLimit,
        config: { bodyTooLarge: doc.bodyTooLarge },
        schema: {
          tags,
          summary: doc.summary,
          security: bearerSecurity,
          body: doc.body,
          response: { 200: doc.response, ...errorResponses(400, 401, 413, 422) },
        },
      },
      async (request, reply) => reply.type('application/json; charset=utf-8').send(await convert(request.body as unknown as string)),
    );

  conversion(
    '/networks/from-inp',
    {
      summary: 'Read an EPANET .inp text into the network document (SI); unused sections come back as warnings with their line numbers',
      body: InpToNetworkRequest,
      response: InpToNetworkResponse,
      bodyLimit: INP_BODY_LIMIT,
      bodyTooLarge: inpTooLarge(INP_LABEL),
    },
    (body) => compute.inpToNetworkJson(body),
  );
  conversion(
    '/networks/to-inp',
    {
      summary: 'Write the network document as an EPANET .inp text (in its units); what the file cannot carry comes back as warnings',
      body: NetworkToInpRequest,
      response: NetworkToInpResponse,
      bodyLimit: DOCUMENT_BODY_LIMIT,
      bodyTooLarge: documentTooLarge(),
    },
    (body) => compute.networkToInpJson(body),
  );

  app.get(
    '/simulations/:id/network',
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: "A pipe network simulation's .inp as the network document (SI), as /networks/from-inp reads it: the results map's layout",
        security: bearerSecurity,
        params: z.object({ id: z.string() }),
        response: { 200: InpToNetworkResponse, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const simulation = await simulations.get(actorOf(request), id);
      const inp = simulation.parameters['inp'];
      if (!networkSimulationTypes.includes(simulation.type) || typeof inp !== 'string') throw new ApiError(404, `No network: ${simulation.type} is not a pipe network`);
      // The pool answers the document's JSON text, sent as it is (as the conversions above), and
      // the layout is kept for the next visit.
      const json: unknown = await layouts.layoutOf(simulation, inp);
      return reply.type('application/json; charset=utf-8').send(json as InpToNetworkResponse);
    },
  );
};
