import { describe, expect, it } from 'vitest';
import type { SymptomEntry } from '../../src/shared/contracts/survey';
import { DOT_COLORS, placeSymptoms } from '../../src/client/lib/body/symptom-dots';

const entry = (name: SymptomEntry['name'], intensity: SymptomEntry['intensity']): SymptomEntry => ({
  id: name,
  name,
  frequency: 'weekly',
  trigger: 'stress',
  intensity,
});

describe('placing complaints on the body diagrams', () => {
  it('puts each complaint on its view, coloured by intensity', () => {
    const placed = placeSymptoms([entry('headaches', 'stark'), entry('kneePain', 'leicht')]);
    expect(placed).toEqual([
      expect.objectContaining({ view: 'front', x: 0.5, y: 0.04, color: DOT_COLORS.red }),
      expect.objectContaining({ view: 'front', x: 0.43, y: 0.72, color: DOT_COLORS.green }),
    ]);
  });

  it('spreads complaints on one spot sideways by 2% of the width each', () => {
    const placed = placeSymptoms([
      entry('tinnitus', 'mittel'),
      entry('earPressure', 'leicht'),
      entry('earBlockage', 'stark'),
    ]);
    expect(placed.map((p) => p.x)).toEqual([0.5, 0.52, 0.54]);
    expect(placed.every((p) => p.view === 'side' && p.y === 0.09)).toBe(true);
    expect(placed[0]!.color).toBe(DOT_COLORS.amber);
  });

  it('leaves out complaints without a place on the body', () => {
    expect(placeSymptoms([entry('stress', 'stark'), entry('other', 'leicht')])).toEqual([]);
  });
});
