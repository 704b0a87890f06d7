// GET / PUT /api/v1/users/me/preferences: what a user chose about how the app shows things. Values
// on the wire stay SI whatever the unit system.

import { z } from 'zod';

export const unitSystemValues = ['si', 'metric', 'us'] as const;
export const UnitSystemValue = z.enum(unitSystemValues, { error: `This field must be one of: ${unitSystemValues.join(', ')}` });

export const UserPreferences = z.object({
  /** si: SI units; metric: engineering metric (mm, bar, °C, L/s, kW); us: US customary (in, psi, °F, gpm). */
  unit_system: UnitSystemValue,
});
export type UserPreferences = z.infer<typeof UserPreferences>;

export const UserPreferencesUpdate = UserPreferences.partial();
export type UserPreferencesUpdate = z.infer<typeof UserPreferencesUpdate>;

/** What a user who never chose gets. */
export const defaultPreferences: UserPreferences = { unit_system: 'metric' };
