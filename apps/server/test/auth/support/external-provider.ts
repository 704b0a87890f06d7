// Starts test/fixtures/external-oidc-provider.ts as a separate process and waits for its issuer.

import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const script = resolve(serverDir, 'test/fixtures/external-oidc-provider.ts');

export const EXTERNAL_PASSWORD = 'external-password';

export interface ExternalProvider {
  issuer: string;
  stop(): Promise<void>;
}

export async function startExternalProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}): Promise<ExternalProvider> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      EXT_CLIENT_ID: options.clientId,
      EXT_CLIENT_SECRET: options.clientSecret,
      EXT_REDIRECT_URI: options.redirectUri,
      EXT_POST_LOGOUT_REDIRECT_URI: options.postLogoutRedirectUri,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });

  const issuer = await new Promise<string>((resolveIssuer, reject) => {
    let stdout = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`external provider did not start in time\n${stderr}`));
    }, 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /READY (\S+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolveIssuer(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`external provider exited with ${code}\n${stderr}`));
    });
  });

  return {
    issuer,
    stop: () =>
      new Promise<void>((resolveStop) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
        child.once('exit', () => resolveStop());
        child.kill('SIGTERM');
      }),
  };
}
