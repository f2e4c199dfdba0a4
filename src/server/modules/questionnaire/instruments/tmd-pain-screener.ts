import type { Instrument } from './instrument';

/**
 * The TMD Pain Screener of the DC/TMD instruments: six items about the last 30 days. Item 1
 * scores 0 to 2, items 2 to 6 score 0 or 1; a sum of 3 or more is a positive screen. A
 * screening aid for the practice, not a diagnosis, and never shown to the patient.
 */
export const TMD_PAIN_SCREENER: Instrument = {
  id: 'tmd-pain-screener',
  items: [1, 2, 3, 4, 5, 6],
  maxScore: 7,
  cutoff: 3,
};

export const INSTRUMENTS: readonly Instrument[] = [TMD_PAIN_SCREENER];
