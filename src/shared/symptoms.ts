/** The symptom catalogue of the symptom list question (SPEC section 3 "Symptom groups and items"). */

export const SYMPTOM_GROUPS = {
  headFace: [
    'jawJointPain',
    'jawJointClicking',
    'facialPain',
    'sensitiveTeeth',
    'gumRecession',
    'headaches',
    'eyePressure',
  ],
  earsBalance: ['tinnitus', 'earPressure', 'earBlockage', 'dizziness'],
  neckShoulders: ['neckTension', 'shoulderPain', 'armPain', 'tinglingHands'],
  backSpine: ['backPain', 'pelvicPain', 'lowerBackPain'],
  lowerBody: ['kneePain', 'footPain'],
  otherComplaints: [
    'restlessness',
    'digestiveProblems',
    'stress',
    'rheumatism',
    'heartRacing',
    'other',
  ],
} as const;

export type SymptomGroup = keyof typeof SYMPTOM_GROUPS;
export type SymptomName = (typeof SYMPTOM_GROUPS)[SymptomGroup][number];

export const SYMPTOM_NAMES: readonly SymptomName[] = Object.values(SYMPTOM_GROUPS).flat();

export type BodyView = 'front' | 'side';

/**
 * Where each complaint is drawn on the body diagrams, as fractions of the image.
 * Complaints without a body location ("stress", "other", ...) have none.
 */
export const SYMPTOM_POSITIONS: Partial<
  Record<SymptomName, { view: BodyView; x: number; y: number }>
> = {
  jawJointPain: { view: 'side', x: 0.56, y: 0.115 },
  jawJointClicking: { view: 'side', x: 0.56, y: 0.115 },
  facialPain: { view: 'front', x: 0.46, y: 0.09 },
  sensitiveTeeth: { view: 'side', x: 0.66, y: 0.125 },
  gumRecession: { view: 'side', x: 0.66, y: 0.125 },
  headaches: { view: 'front', x: 0.5, y: 0.04 },
  eyePressure: { view: 'front', x: 0.46, y: 0.07 },
  tinnitus: { view: 'side', x: 0.5, y: 0.09 },
  earPressure: { view: 'side', x: 0.5, y: 0.09 },
  earBlockage: { view: 'side', x: 0.5, y: 0.09 },
  dizziness: { view: 'front', x: 0.5, y: 0.025 },
  neckTension: { view: 'side', x: 0.45, y: 0.17 },
  shoulderPain: { view: 'front', x: 0.33, y: 0.21 },
  armPain: { view: 'front', x: 0.25, y: 0.35 },
  tinglingHands: { view: 'front', x: 0.17, y: 0.5 },
  backPain: { view: 'side', x: 0.4, y: 0.3 },
  pelvicPain: { view: 'front', x: 0.5, y: 0.5 },
  lowerBackPain: { view: 'side', x: 0.4, y: 0.42 },
  kneePain: { view: 'front', x: 0.43, y: 0.72 },
  footPain: { view: 'front', x: 0.42, y: 0.96 },
};

/** Symptoms that share a spot are spread sideways by this fraction of the image width each. */
export const SYMPTOM_STACK_OFFSET = 0.02;

export function symptomColor(intensity: string): 'green' | 'amber' | 'red' {
  if (intensity === 'leicht') return 'green';
  if (intensity === 'mittel') return 'amber';
  return 'red';
}
