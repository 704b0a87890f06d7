// oidc-provider's storage adapter on top of the core's generic key-value store (`deps.oidcStore`,
// table `oidc_payloads`): one oidc-provider model name per `model`, the rest passes straight through.

import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { AuthDeps } from './contract.js';

export type OidcStore = AuthDeps['oidcStore'];

export function createOidcAdapter(store: OidcStore): AdapterConstructor {
  return class StoreAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      await store.upsert(this.model, id, payload as Record<string, unknown>, expiresIn);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return (await store.find(this.model, id)) as AdapterPayload | undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return (await store.findByUserCode(this.model, userCode)) as AdapterPayload | undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return (await store.findByUid(this.model, uid)) as AdapterPayload | undefined;
    }

    async consume(id: string): Promise<void> {
      await store.consume(this.model, id);
    }

    async destroy(id: string): Promise<void> {
      await store.destroy(this.model, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await store.revokeByGrantId(grantId);
    }
  };
}
