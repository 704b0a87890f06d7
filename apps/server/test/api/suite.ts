// The one API suite, run against every database implementation (api-*.test.ts pick one each).

import { describe } from 'vitest';
import type { DatabaseImplementation } from '../databases.js';
import { harnessForBlock, type GetHarness } from '../harness.js';
import { accountSecurityTests } from './account-security.suite.js';
import { accountStoreTests } from './account-store.suite.js';
import { nonEpanetFileTests } from './non-epanet-files.suite.js';
import { pipeFamilyTests } from './pipe-family.suite.js';
import { authenticationTests } from './authentication.suite.js';
import { platformTests } from './platform.suite.js';
import { profileTests } from './profile.suite.js';
import { recoveryTests } from './recovery.suite.js';
import { simulationRunTests } from './simulation-runs.suite.js';
import { simulationTests } from './simulations.suite.js';
import { unstorableTextTests } from './unstorable-text.suite.js';
import { userAdminTests } from './user-admin.suite.js';
import { workBudgetTests } from './work-budget.suite.js';

export type { GetHarness } from '../harness.js';

/** Each block of the suite: its name and the tests it defines on the harness. */
const blocks: [name: string, tests: (h: GetHarness) => void][] = [
  ['platform', platformTests],
  ['authentication', authenticationTests],
  ['my profile', profileTests],
  ['user administration', userAdminTests],
  ['password recovery', recoveryTests],
  ['account storage', accountStoreTests],
  ['account security', accountSecurityTests],
  ['simulations', simulationTests],
  ['simulation runs', simulationRunTests],
  ['work budget', workBudgetTests],
  ['pipe family: annulus and networks', pipeFamilyTests],
  ['text the database cannot store', unstorableTextTests],
  ['files that are no EPANET input file', nonEpanetFileTests],
];

export function defineApiSuite(impl: DatabaseImplementation): void {
  describe.skipIf(Boolean(impl.skip))(`API on ${impl.name}`, () => {
    const h = harnessForBlock(impl);
    for (const [name, tests] of blocks) describe(name, () => tests(h));
  });
}
