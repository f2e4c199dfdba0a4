import { describe, expect, it } from 'vitest';
import { symptomDots } from '../../src/client/lib/body-diagram/symptom-dots';
import { sniffMediaKind } from '../../src/shared/media-kinds';
import { overlayForQuestionText } from '../../src/shared/overlays';
import { stepLabel } from '../../src/shared/step-label';
import { SYMPTOM_POSITIONS } from '../../src/shared/symptoms';

describe('overlay choice from the question text (SPEC section 9)', () => {
  it.each([
    ['Please show your teeth', 'teeth-guide'],
    ['Zeigen Sie Ihre Zähne', 'teeth-guide'],
    ['Look left with your eyes', 'look-left'],
    ['Schauen Sie nach rechts', 'look-right'],
    ['Now look up', 'look-up'],
    ['Look down please', 'look-down'],
    ['Left profile photo', 'profile-left'],
    ['Rechtes Profil', 'profile-right'],
    ['A photo of your face', 'face-guide'],
  ])('%s -> %s', (text, overlay) => {
    expect(overlayForQuestionText(text)).toBe(overlay);
  });
});

describe('symptom dots on the body diagram', () => {
  it('spreads complaints sharing a spot by 2 % of the width each and colours them by intensity', () => {
    const dots = symptomDots(
      [
        { id: 'a', name: 'tinnitus', intensity: 'leicht' },
        { id: 'b', name: 'earPressure', intensity: 'mittel' },
        { id: 'c', name: 'earBlockage', intensity: 'stark' },
        { id: 'd', name: 'stress', intensity: 'stark' },
        { id: 'e', name: 'headaches', intensity: 'stark' },
      ],
      'side',
      (s) => s.name,
    );
    const base = SYMPTOM_POSITIONS.tinnitus!;
    expect(dots.map((d) => [d.id, d.x, d.y, d.color])).toEqual([
      ['a', base.x, base.y, '#2e7d32'],
      ['b', base.x + 0.02, base.y, '#f59e0b'],
      ['c', base.x + 0.04, base.y, '#d32f2f'],
    ]);
  });
  it('has a position for 20 complaints', () => {
    expect(Object.keys(SYMPTOM_POSITIONS)).toHaveLength(20);
  });
});

describe('small shared helpers', () => {
  it('cuts step labels at 60 characters with an ellipsis', () => {
    expect(stepLabel('short')).toBe('short');
    expect(stepLabel('x'.repeat(61))).toBe(`${'x'.repeat(60)}…`);
    expect(stepLabel('x'.repeat(60))).toBe('x'.repeat(60));
  });
  it('recognises media by their first bytes only', () => {
    expect(sniffMediaKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.mime).toBe('image/jpeg');
    expect(sniffMediaKind(Buffer.from('89504e470d0a1a0a', 'hex'))?.mime).toBe('image/png');
    expect(sniffMediaKind(Buffer.from('1a45dfa3', 'hex'))?.mime).toBe('video/webm');
    expect(sniffMediaKind(Buffer.from('0000001c6674797069736f6d', 'hex'))?.mime).toBe('video/mp4');
    expect(sniffMediaKind(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffMediaKind(Buffer.from('hello world!'))).toBeNull();
  });
});
