import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { unitSystemLabels, unitSystems, useUnitSystem, type UnitSystem } from '../../lib/unitSystems';
import { usePreferenceSync } from './preferences';

const shortLabels: Record<UnitSystem, string> = { si: 'SI', metric: 'Metric', us: 'US' };

/** SI / engineering metric / US customary: applies to every screen at once and is saved with the user's preferences. */
export function UnitSystemSwitch() {
  const system = useUnitSystem();
  const choose = usePreferenceSync();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={system}
      aria-label="Unit system"
      onChange={(_, next: UnitSystem | null) => {
        if (!next) return;
        choose(next);
      }}
    >
      {unitSystems.map((s) => (
        <ToggleButton key={s} value={s} aria-label={unitSystemLabels[s]} title={unitSystemLabels[s]} sx={{ px: 1.5, py: 0.25 }}>
          {shortLabels[s]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
