// The melt-pool create screen's schematic as data: which sources and supports to draw, the plasma
// arc's side and offset, and the texts (from the parameters as typed, SI). The drawing itself is not
// to scale: the spot is micrometres, the plate millimetres.
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const fmt = (v: number) => String(Number(v.toPrecision(3)));

export type Support = 'rigid' | 'free' | 'simply_supported' | 'clamped';

export interface MeltPoolSketch {
  plasma: boolean;
  flexible: boolean;
  support: Support;
  /** Arc position: +1 ahead of the laser (leading), −1 behind (trailing), 0 on it. */
  plasmaSide: -1 | 0 | 1;
  texts: { laser: string; plasma: string | null; plate: string; support: string };
}

const supportLabels: Record<Support, string> = {
  rigid: 'Rigid: the plate is held in place',
  free: 'Flexible, free edges',
  simply_supported: 'Flexible, simply supported edges',
  clamped: 'Flexible, clamped edges',
};

export function meltPoolSketch(type: string, parameters: Record<string, unknown>): MeltPoolSketch {
  const laser = (parameters['laser'] ?? {}) as Record<string, unknown>;
  const plasma = parameters['plasma'] as Record<string, unknown> | undefined;
  const plate = (parameters['plate'] ?? {}) as Record<string, unknown>;
  const flexible = type.endsWith('_FLEXIBLE_PLATE');
  const support: Support = flexible ? ((['free', 'simply_supported', 'clamped'] as const).find((s) => s === plate['support']) ?? 'simply_supported') : 'rigid';
  const offset = num(plasma?.['offset']) ?? 0;
  const power = num(laser['power']);
  const spot = num(laser['spot_radius']);
  const speed = num(laser['scan_speed']);
  const current = num(plasma?.['current']);
  const voltage = num(plasma?.['voltage']);
  return {
    plasma: type.startsWith('LASER_PLASMA_'),
    flexible,
    support,
    plasmaSide: offset > 0 ? 1 : offset < 0 ? -1 : 0,
    texts: {
      laser: `Laser ${power !== undefined ? `${fmt(power)} W` : '—'}, spot radius ${spot !== undefined ? `${fmt(spot * 1e6)} µm` : '—'}, ${speed !== undefined ? `${fmt(speed * 1000)} mm/s` : '—'}`,
      plasma: type.startsWith('LASER_PLASMA_')
        ? `Plasma arc ${current !== undefined ? `${fmt(current)} A` : '—'} × ${voltage !== undefined ? `${fmt(voltage)} V` : '—'}, offset ${offset >= 0 ? '+' : '−'}${fmt(Math.abs(offset) * 1000)} mm (${offset > 0 ? 'leading' : offset < 0 ? 'trailing' : 'on the laser spot'})`
        : null,
      plate: `Plate ${['length', 'width', 'thickness'].map((k) => (num(plate[k]) !== undefined ? fmt(num(plate[k])! * 1000) : '—')).join(' × ')} mm`,
      support: supportLabels[support],
    },
  };
}

// Typical absorptivities of a flat, unpowdered surface (the form's `laser.absorptivity`). Sources:
// IN625 0.38 (flat plate, estimated) and 0.62 (fitted) are the two values transcribers used
// (materials.md [READ-2]); the steel, titanium and aluminium ranges are the usual conduction-mode
// figures for near-infrared lasers [RECALLED], the same as the parameter's own description; keyhole
// melting traps the beam (0.6–0.8).
export const absorptivityGuide: Record<string, { range: [number, number]; note: string }> = {
  '316L': { range: [0.3, 0.4], note: 'stainless steel, conduction mode' },
  S355: { range: [0.3, 0.4], note: 'structural steel, conduction mode (oxidised surfaces absorb more)' },
  IN625: { range: [0.38, 0.62], note: 'nickel alloy: 0.38 estimated for a flat plate, 0.62 fitted to measured pools' },
  Ti6Al4V: { range: [0.3, 0.45], note: 'titanium alloy, conduction mode' },
  AA6061: { range: [0.05, 0.1], note: 'polished aluminium reflects most near-infrared light' },
};

export function absorptivityAdvice(material: unknown, absorptivity: unknown): { text: string; outside: boolean } | null {
  const guide = typeof material === 'string' ? absorptivityGuide[material] : undefined;
  if (!guide) return null;
  const [lo, hi] = guide.range;
  const a = num(absorptivity);
  const outside = a !== undefined && (a < lo || a > hi);
  return {
    text: `Typical absorptivity for ${material}: ${lo}–${hi} (${guide.note}); 0.6–0.8 once a keyhole forms.${a !== undefined ? ` Yours: ${fmt(a)}${outside ? ', outside the typical range' : ''}.` : ''}`,
    outside,
  };
}
