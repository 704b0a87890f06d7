import { describe, expect, it, vi } from 'vitest';
import { createOidcAdapter, type OidcStore } from './oidc-adapter.js';

describe('createOidcAdapter', () => {
  it("maps oidc-provider's adapter calls onto the store under the model's name", async () => {
    const store: OidcStore = {
      upsert: vi.fn(async () => undefined),
      find: vi.fn(async () => ({ accountId: 'a' })),
      findByUid: vi.fn(async () => ({ uid: 'u' })),
      findByUserCode: vi.fn(async () => undefined),
      consume: vi.fn(async () => undefined),
      destroy: vi.fn(async () => undefined),
      revokeByGrantId: vi.fn(async () => undefined),
    };
    const Adapter = createOidcAdapter(store);
    const sessions = new Adapter('Session');
    await sessions.upsert('id1', { accountId: 'a' }, 60);
    expect(store.upsert).toHaveBeenCalledWith('Session', 'id1', { accountId: 'a' }, 60);
    expect(await sessions.find('id1')).toEqual({ accountId: 'a' });
    expect(store.find).toHaveBeenCalledWith('Session', 'id1');
    expect(await sessions.findByUid('u')).toEqual({ uid: 'u' });
    expect(store.findByUid).toHaveBeenCalledWith('Session', 'u');
    expect(await sessions.findByUserCode('c')).toBeUndefined();
    expect(store.findByUserCode).toHaveBeenCalledWith('Session', 'c');
    const codes = new Adapter('AuthorizationCode');
    await codes.consume('c1');
    expect(store.consume).toHaveBeenCalledWith('AuthorizationCode', 'c1');
    await codes.destroy('c1');
    expect(store.destroy).toHaveBeenCalledWith('AuthorizationCode', 'c1');
    await codes.revokeByGrantId('g1');
    expect(store.revokeByGrantId).toHaveBeenCalledWith('g1');
  });
});
