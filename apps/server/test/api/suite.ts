// The one API suite, run against every database implementation (api-*.test.ts pick one each).

import { describe } from 'vitest';
import type { DatabaseImplementation } from '../databases.js';
import { harnessForBlock } from '../harness.js';
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

export function defineApiSuite(impl: DatabaseImplementation): void {
  describe.skipIf(Boolean(impl.skip))(`API on ${impl.name}`, () => {
    const h = harnessForBlock(impl);

    describe('platform', () => platformTests(h));
    describe('authentication', () => authenticationTests(h));
    describe('my profile', () => profileTests(h));
    describe('user administration', () => userAdminTests(h));
    describe('password recovery', () => recoveryTests(h));
    describe('account storage', () => accountStoreTests(h));
    describe('account security', () => accountSecurityTests(h));
    describe('simulations', () => simulationTests(h));
    describe('simulation runs', () => simulationRunTests(h));
    describe('work budget', () => workBudgetTests(h));
    describe('pipe family: annulus and networks', () => pipeFamilyTests(h));
    describe('text the database cannot store', () => unstorableTextTests(h));
    describe('files that are no EPANET input file', () => nonEpanetFileTests(h));
  });
}
