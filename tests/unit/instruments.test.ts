import { describe, expect, it } from 'vitest';
import { scoreInstrument } from '../../src/server/modules/questionnaire/instruments/instrument';
import { TMD_PAIN_SCREENER } from '../../src/server/modules/questionnaire/instruments/tmd-pain-screener';

const answers = (scores: (number | null)[]) =>
  scores.map((score, index) => ({ instrumentItem: `tmd-pain-screener:${index + 1}`, score }));

describe('TMD Pain Screener scoring', () => {
  it('sums the points of all six items', () => {
    expect(scoreInstrument(TMD_PAIN_SCREENER, answers([2, 1, 1, 1, 1, 1]))).toEqual({
      instrument: 'tmd-pain-screener',
      score: 7,
      maxScore: 7,
      cutoff: 3,
      positive: true,
    });
    expect(scoreInstrument(TMD_PAIN_SCREENER, answers([0, 0, 0, 0, 0, 0]))?.score).toBe(0);
  });

  it('is positive from 3 points on, and not at 2', () => {
    expect(scoreInstrument(TMD_PAIN_SCREENER, answers([1, 1, 1, 0, 0, 0]))?.positive).toBe(true);
    expect(scoreInstrument(TMD_PAIN_SCREENER, answers([2, 0, 0, 0, 0, 0]))).toMatchObject({
      score: 2,
      positive: false,
    });
  });

  it('gives no score at all when any item is unanswered', () => {
    expect(scoreInstrument(TMD_PAIN_SCREENER, answers([2, 1, 1, 1, 1]))).toBeNull();
    expect(scoreInstrument(TMD_PAIN_SCREENER, answers([2, 1, 1, 1, 1, null]))).toBeNull();
    expect(scoreInstrument(TMD_PAIN_SCREENER, [])).toBeNull();
  });

  it('ignores answers to other instruments and ordinary questions', () => {
    const other = [
      { instrumentItem: 'another-scale:1', score: 5 },
      { instrumentItem: 'not an item', score: 9 },
    ];
    expect(
      scoreInstrument(TMD_PAIN_SCREENER, [...answers([0, 1, 0, 1, 0, 0]), ...other])?.score,
    ).toBe(2);
  });
});
