// oidc-provider's storage adapter on top of the core's generic key-value store (`deps.oidcStore`,
// table `oidc_payloads`): one oidc-provider model name per `model`, the rest passes straight through.
// The provider reads its requests itself (form bodies included), so text PostgreSQL cannot hold
// (NUL, unpaired surrogates) is stopped here: such an id finds nothing, such a payload is an
// invalid request (a 400 page), never a database error.

import { unstorableText, unstorableTextIssues } from '@simforge/contracts';
import { errors, type Adapter, type AdapterConstructor, type AdapterPayload } from 'oidc-provider';
import type { AuthDeps } from './contract.js';

export type OidcStore = AuthDeps['oidcStore'];

export function createOidcAdapter(store: OidcStore): AdapterConstructor {
  return class StoreAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const issue = unstorableTextIssues({ id, payload }, [])[0];
      if (issue) throw new errors.InvalidRequest(`${issue.loc.slice(-1).join('')}: ${issue.msg.replace(/^This field /, '')}`);
      await store.upsert(this.model, id, payload as Record<string, unknown>, expiresIn);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (unstorableText(id)) return undefined;
      return (await store.find(this.model, id)) as AdapterPayload | undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      if (unstorableText(userCode)) return undefined;
      return (await store.findByUserCode(this.model, userCode)) as AdapterPayload | undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      if (unstorableText(uid)) return undefined;
      return (await store.findByUid(this.model, uid)) as AdapterPayload | undefined;
    }

    async consume(id: string): Promise<void> {
      if (unstorableText(id)) return;
      await store.consume(this.model, id);
    }

    async destroy(id: string): Promise<void> {
      if (unstorableText(id)) return;
      await store.destroy(this.model, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      if (unstorableText(grantId)) return;
      await store.revokeByGrantId(grantId);
    }
  };
}
