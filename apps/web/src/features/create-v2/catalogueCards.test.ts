import { describe, expect, it } from 'vitest';
import { availableTypes, catalogueEntry } from '@simforge/contracts';
import { oneLine } from './CatalogueCards';

describe('a catalogue card’s line', () => {
  it('is the first sentence, never a fragment ending at a colon', () => {
    expect(oneLine('Solved along a round pipe: profiles, pressure drop. Or a 1-D march.')).toBe('Solved along a round pipe: profiles, pressure drop.');
    for (const type of availableTypes()) {
      const line = oneLine(catalogueEntry(type)!.description);
      expect(line, type).toMatch(/[.)]$/);
      expect(line, type).not.toMatch(/:$/);
    }
  });
});
