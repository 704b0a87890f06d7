// Downloads (CSV, VTK, case JSON, EPANET .inp, PDF report), the import of a case or .inp file, and
// the verification report. Thin: parse, call the exports service (permission first), send the file.

import { importFileKind, Simulation, SimulationIdParams, SimulationImport, VerificationReport } from '@simforge/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { actorOf, type AuthGuards } from '../http/auth-guard.js';
import { IMPORT_BODY_LIMIT, importTooLarge } from '../http/body-limits.js';
import { bearerSecurity } from '../http/docs.js';
import { toSimulation } from '../routes/presenters.js';
import { errorResponses } from '../routes/schemas.js';
import { contentDisposition } from './filenames.js';
import type { Download, ExportsService } from './service.js';

export interface ExportsRoutesOptions {
  guards: AuthGuards;
  exports: ExportsService;
  /** The per-user budget of the routes that compute the solver's estimate (an import creates a simulation). */
  estimateLimit: onRequestAsyncHookHandler;
}

const RunQuery = z.object({ run_id: z.uuid({ error: 'This field is invalid' }).optional() });
const NamedResult = SimulationIdParams.extend({ name: z.string().min(1) });


function send(reply: FastifyReply, file: Download) {
  return reply
    .type(file.contentType)
    .header('content-disposition', contentDisposition(file.filename))
    .header('access-control-expose-headers', 'content-disposition')
    .send(typeof file.body === 'string' ? file.body : Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength));
}

export const exportsRoutes: FastifyPluginAsyncZod<ExportsRoutesOptions> = async (app, options) => {
  const { guards, exports } = options;
  const signedIn = { onRequest: guards.user };
  const tags = ['exports'];
  const security = bearerSecurity;
  const download = (summary: string, params: z.ZodType = SimulationIdParams) => ({
    ...signedIn,
    schema: { tags, summary, security, params, querystring: RunQuery, response: errorResponses(400, 401, 404, 422) },
  });

  app.get('/simulations/:id/export/series/:name', download('One series as CSV (header: names and units, SI values) of the current or given run', NamedResult), async (request, reply) => {
    const { id, name } = request.params as z.infer<typeof NamedResult>;
    return send(reply, await exports.seriesCsv(actorOf(request), id, name, request.query.run_id));
  });

  app.get(
    '/simulations/:id/export/fields/:name',
    download('One field as VTK XML for ParaView: .vti (ImageData) on uniform grids, .vtu (UnstructuredGrid) otherwise; frames as one array each', NamedResult),
    async (request, reply) => {
      const { id, name } = request.params as z.infer<typeof NamedResult>;
      const file = await exports.fieldVtk(actorOf(request), id, name, request.query.run_id);
      return send(reply.header('x-vtk-points', String(file.pointCount)), file);
    },
  );

  app.get('/simulations/:id/export/case', download('The case as a SimForge case file (JSON) that POST /simulations/import turns into an equal simulation'), async (request, reply) => {
    const { id } = request.params as z.infer<typeof SimulationIdParams>;
    return send(reply, await exports.caseJson(actorOf(request), id, request.query.run_id));
  });

  app.get('/simulations/:id/export/network', download('A pipe network as an EPANET .inp file (with the parameters that override the original file applied)'), async (request, reply) => {
    const { id } = request.params as z.infer<typeof SimulationIdParams>;
    const file = await exports.networkInp(actorOf(request), id, request.query.run_id);
    if (file.warnings.length > 0) reply.header('x-inp-warnings', encodeURIComponent(file.warnings.join(' | ')));
    return send(reply, file);
  });

  app.get('/simulations/:id/export/report', download('A PDF report: inputs with units, solver and version, summary, convergence, key plots, verification status'), async (request, reply) => {
    const { id } = request.params as z.infer<typeof SimulationIdParams>;
    return send(reply, await exports.reportPdf(actorOf(request), id, request.query.run_id));
  });

  app.post(
    '/simulations/import',
    {
      onRequest: [guards.user, options.estimateLimit],
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { textFiles: { content: (body: unknown) => importFileKind((body as { file_name?: unknown } | undefined)?.file_name) }, bodyTooLarge: importTooLarge() },
      schema: {
        tags,
        summary: 'Create a draft simulation from a SimForge case file (.json) or an EPANET input file (.inp, a PIPE_NETWORK); problems answer on the file\'s fields (body.content...)',
        security,
        body: SimulationImport,
        response: { 201: Simulation, ...errorResponses(400, 401, 422, 429, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(toSimulation(await exports.importFile(actorOf(request), request.body))),
  );

  app.get(
    '/verification-report',
    { schema: { tags, summary: "Each solver's verification, validation and sensitivity cases (what is compared, reference, tolerance, error, pass/fail or documented deviation), written by npm run verify", response: { 200: VerificationReport, ...errorResponses(404) } } },
    async () => exports.verificationReport(),
  );
};
