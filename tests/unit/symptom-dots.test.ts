import { describe, expect, it } from 'vitest';
import type { SymptomEntry } from '../../src/shared/contracts/answer';
import { SYMPTOM_DOT_COLORS, symptomDots } from '../../src/client/lib/body-diagram/symptom-dots';

const entry = (name: SymptomEntry['name'], intensity: SymptomEntry['intensity']): SymptomEntry => ({
  id: name,
  name,
  frequency: 'weekly',
  trigger: 'stress',
  intensity,
});
const label = (s: { name: string }) => s.name;

describe('placing complaints on the body diagrams', () => {
  it('puts each complaint on its view, coloured by intensity', () => {
    const symptoms = [
      entry('headaches', 'stark'),
      entry('kneePain', 'leicht'),
      entry('neckTension', 'mittel'),
    ];
    expect(symptomDots(symptoms, 'front', label)).toEqual([
      expect.objectContaining({
        x: 0.5,
        y: 0.04,
        color: SYMPTOM_DOT_COLORS.red,
        label: 'headaches',
      }),
      expect.objectContaining({ x: 0.43, y: 0.72, color: SYMPTOM_DOT_COLORS.green }),
    ]);
    expect(symptomDots(symptoms, 'side', label)).toEqual([
      expect.objectContaining({ x: 0.45, y: 0.17, color: SYMPTOM_DOT_COLORS.amber }),
    ]);
  });

  it('spreads complaints on one spot sideways by 2% of the width each', () => {
    const dots = symptomDots(
      [entry('tinnitus', 'mittel'), entry('earPressure', 'leicht'), entry('earBlockage', 'stark')],
      'side',
      label,
    );
    expect(dots.map((d) => d.x)).toEqual([0.5, 0.52, 0.54]);
    expect(dots.every((d) => d.y === 0.09)).toBe(true);
    expect(dots[0]!.color).toBe(SYMPTOM_DOT_COLORS.amber);
  });

  it('leaves out complaints without a place on the body', () => {
    expect(
      symptomDots([entry('stress', 'stark'), entry('other', 'leicht')], 'front', label),
    ).toEqual([]);
  });
});
