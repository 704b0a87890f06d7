// Development secrets: generated once and kept in DATA_DIR/secrets.json so that access tokens,
// provider cookies and ID-token signatures survive a restart of `npm start`. Production never uses
// this file (config.ts refuses to start without explicit secrets there).

import { randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

export interface Jwks {
  keys: JWK[];
}

export interface DevSecrets {
  secret_key: string;
  eis_wg_client_secret: string;
  eis_wg_cookie_keys: string[];
  eis_wg_jwks: Jwks;
}

export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** An RS256 signing key set (private parts included) for the built-in OpenID provider. */
export async function generateSigningJwks(): Promise<Jwks> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] };
}

async function readExisting(path: string): Promise<Partial<DevSecrets>> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Partial<DevSecrets>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`Cannot read ${path}: ${(error as Error).message}. Delete it to generate new development secrets.`);
  }
}

/** Reads DATA_DIR/secrets.json, fills in whatever is missing, writes it back (mode 0600) if it changed. */
export async function loadOrCreateDevSecrets(dataDir: string): Promise<DevSecrets> {
  const path = join(dataDir, 'secrets.json');
  const existing = await readExisting(path);
  const secrets: DevSecrets = {
    secret_key: existing.secret_key || randomSecret(48),
    eis_wg_client_secret: existing.eis_wg_client_secret || randomSecret(32),
    eis_wg_cookie_keys: existing.eis_wg_cookie_keys?.length ? existing.eis_wg_cookie_keys : [randomSecret(32)],
    eis_wg_jwks: existing.eis_wg_jwks?.keys?.length ? existing.eis_wg_jwks : await generateSigningJwks(),
  };
  if (JSON.stringify(secrets) !== JSON.stringify(existing)) {
    await writeFile(path, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  // writeFile's mode only applies when the file is created; tighten an older file too.
  await chmod(path, 0o600);
  return secrets;
}
