// The entry file of a helper thread run from the TypeScript sources (tests and benchmarks start it with
// tsx's loader; the server bundles its own entry, apps/server/src/jobs/helper-thread.ts).

import { serveHelper } from './helper-tasks.js';

serveHelper();
