#!/usr/bin/env node
// The `simforge` command: runs src/cli.ts through tsx (the solvers are TypeScript sources).
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli.ts');
process.exitCode = await runCli(process.argv.slice(2));
