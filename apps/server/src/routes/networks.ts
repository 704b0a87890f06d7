// /networks/...: the pipe diagram editors' conversions between an EPANET `.inp` text and the JSON
// network document (bearer auth; the work is the solvers' parser and writer, in services/networks,
// run in the compute pool with the JSON of the body and of the answer).

import { INP_LABEL, InpToNetworkRequest, InpToNetworkResponse, NetworkToInpRequest, NetworkToInpResponse } from '@simforge/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
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
};
