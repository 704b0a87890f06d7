import { defineApiSuite } from './api/suite.js';
import { pglite } from './databases.js';

defineApiSuite(pglite);
