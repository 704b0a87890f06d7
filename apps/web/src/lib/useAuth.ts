import { useSyncExternalStore } from 'react';
import { authStore, type AuthState } from './authStore';

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}
