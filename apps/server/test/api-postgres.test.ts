import { defineApiSuite } from './api/suite.js';
import { postgres } from './databases.js';

// Runs when TEST_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:5432/test).
defineApiSuite(postgres);
