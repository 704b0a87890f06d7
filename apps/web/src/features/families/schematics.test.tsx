import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { defaultParametersOf } from '@simforge/contracts';
import { FamilySchematic } from './FamilySchematic';
import { jetSketch, ridgeOutline } from './jet/jetSketch';
import { absorptivityAdvice, meltPoolSketch } from './melt-pool/meltPoolSketch';

const ridgeDefaults = defaultParametersOf('JET_IMPINGING_RIDGE')!;

describe('jet schematic geometry', () => {
  it('draws the ridge triangle from height and apex angle (half base h·tan(apex/2)), 180° as a raised plate, a polygon with its mirror image', () => {
    const [triangle] = ridgeOutline({ height: 0.01, apex_angle: Math.PI / 3 }, 100);
    expect(triangle![0]![0]).toBeCloseTo(-10 * Math.tan(Math.PI / 6), 12);
    expect(triangle![1]).toEqual([0, 10]);
    expect(ridgeOutline({ height: 0.01, apex_angle: Math.PI }, 80)[0]).toEqual([
      [-80, 0],
      [-80, 10],
      [80, 10],
      [80, 0],
    ]);
    const drawn = ridgeOutline({ height: 0.01, apex_angle: 1, polygon: [[0, 0], [0.005, 0], [0, 0.008]] }, 80);
    expect(drawn).toHaveLength(2);
    expect(drawn[1]![1]).toEqual([-5, 0]);
  });

  it('names the nozzle size and H/D (slot: W)', () => {
    const sketch = jetSketch(ridgeDefaults)!;
    expect(sketch.texts.nozzle).toBe('W = 20 mm');
    expect(sketch.texts.distance).toBe('H = 40 mm (H/W = 2)');
    expect(sketch.texts.ridge).toBe('Ridge 10 mm high, apex 90°');
  });
});

describe('FamilySchematic', () => {
  it('redraws the jet schematic as H changes and keeps the last valid drawing while the form has errors', () => {
    const { rerender } = render(<FamilySchematic type="JET_IMPINGING_RIDGE" parameters={ridgeDefaults} />);
    expect(screen.getByRole('img', { name: /H\/W = 2\), Ridge 10 mm high, apex 90°/ })).toBeTruthy();
    rerender(<FamilySchematic type="JET_IMPINGING_RIDGE" parameters={{ ...ridgeDefaults, nozzle_to_plate_distance: 0.12 }} />);
    expect(screen.getByRole('img', { name: /H = 120 mm \(H\/W = 6\)/ })).toBeTruthy();
    rerender(<FamilySchematic type="JET_IMPINGING_RIDGE" parameters={null} />);
    expect(screen.getByRole('img', { name: /H\/W = 6/ })).toBeTruthy();
    expect(screen.getByText(/Showing the last valid parameters/)).toBeTruthy();
  });

  it('draws the plasma torch and the supports of the melt-pool type, with absorptivity guidance for the material', () => {
    const type = 'LASER_PLASMA_FLEXIBLE_PLATE';
    const defaults = defaultParametersOf(type)!;
    const { rerender } = render(<FamilySchematic type={type} parameters={defaults} />);
    expect(screen.getByRole('img', { name: 'Melt-pool schematic: laser and plasma arc, flexible, simply supported edges' })).toBeTruthy();
    expect(screen.getByTestId('plasma-torch')).toBeTruthy();
    expect(screen.getAllByTestId('support-pin')).toHaveLength(2);
    expect(screen.getByTestId('absorptivity-guidance').textContent).toContain('Typical absorptivity for 316L: 0.3–0.4');
    rerender(<FamilySchematic type="LASER_RIGID_PLATE" parameters={{ ...defaultParametersOf('LASER_RIGID_PLATE')!, material: 'AA6061' }} />);
    expect(screen.queryByTestId('plasma-torch')).toBeNull();
    expect(screen.getAllByTestId('support-clamp')).toHaveLength(2);
    expect(screen.getByTestId('absorptivity-guidance').textContent).toContain('Yours: 0.35, outside the typical range');
  });

  it('places the arc ahead of or behind the laser by the sign of the offset', () => {
    const base = defaultParametersOf('LASER_PLASMA_RIGID_PLATE')!;
    const plasma = base['plasma'] as Record<string, unknown>;
    expect(meltPoolSketch('LASER_PLASMA_RIGID_PLATE', { ...base, plasma: { ...plasma, offset: -0.002 } }).plasmaSide).toBe(-1);
    expect(meltPoolSketch('LASER_PLASMA_RIGID_PLATE', { ...base, plasma: { ...plasma, offset: -0.002 } }).texts.plasma).toContain('offset −2 mm (trailing)');
    expect(meltPoolSketch('LASER_PLASMA_RIGID_PLATE', base).plasmaSide).toBe(1);
    expect(absorptivityAdvice('unobtainium', 0.3)).toBeNull();
  });
});
