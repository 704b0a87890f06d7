// The unit system as a preference of the signed-in user (GET/PUT /users/me/preferences): read once
// after sign-in and applied to every screen; a change is saved at once. Signed out, or while the
// server cannot be asked, the choice kept in this browser holds.
import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { UserPreferences } from '@simforge/contracts';
import { api } from '../../lib/api';
import { setActiveUnitSystem, type UnitSystem } from '../../lib/unitSystems';
import { useAuth } from '../../lib/useAuth';

export const preferencesKey = ['users', 'me', 'preferences'] as const;

export function usePreferenceSync(): (system: UnitSystem) => void {
  const { status } = useAuth();
  const signedIn = status === 'loggedIn';
  const stored = useQuery({
    queryKey: preferencesKey,
    queryFn: async ({ signal }) => UserPreferences.parse(await api.get('/users/me/preferences', { auth: true, signal })),
    enabled: signedIn,
    staleTime: Infinity,
    retry: false,
  });
  useEffect(() => {
    if (stored.data) setActiveUnitSystem(stored.data.unit_system);
  }, [stored.data]);
  const save = useMutation({
    mutationFn: async (system: UnitSystem) => UserPreferences.parse(await api.put('/users/me/preferences', { auth: true, body: { unit_system: system } })),
  });
  return (system: UnitSystem) => {
    setActiveUnitSystem(system);
    if (signedIn) save.mutate(system);
  };
}
