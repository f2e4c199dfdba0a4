import { useTranslation } from 'react-i18next';
import { DOT_PROGRESS_THRESHOLD, MAX_PROGRESS_DOTS } from '../../../shared/constants';

/** What a dot says about its question. */
export type DotState = 'current' | 'answered' | 'skippedRequired' | 'unanswered' | 'upcoming';

/**
 * Dots above 8 questions (first 15, then "+N"), otherwise a bar. Each dot's state differs in
 * shape as well as colour (filled, diamond, ring, small; `survey.css`), and each dot names its
 * state for a screen reader: colour alone tells nobody who cannot see it.
 */
export function SurveyProgress({ index, states }: { index: number; states: DotState[] }) {
  const { t } = useTranslation('survey');
  const total = states.length;
  const percent = total === 0 ? 0 : Math.round((index / total) * 100);
  if (total <= DOT_PROGRESS_THRESHOLD) {
    return (
      <div
        className="survey-bar"
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={t('progressLabel')}
      >
        <span className="survey-bar-fill" style={{ transform: `translateX(${percent - 100}%)` }} />
      </div>
    );
  }
  const shown = states.slice(0, MAX_PROGRESS_DOTS);
  return (
    <ol className="survey-dots" aria-label={t('progressLabel')} data-testid="progress-dots">
      {shown.map((state, i) => {
        const label = t(`dot.${state}`, { number: i + 1 });
        return (
          <li key={i} data-state={state}>
            <span
              className={`survey-dot survey-dot-${state}`}
              role="img"
              aria-label={label}
              aria-current={state === 'current' ? 'step' : undefined}
              title={label}
            />
          </li>
        );
      })}
      {total > shown.length && (
        <li className="survey-dots-more">
          <span>
            <span aria-hidden="true">{t('moreDots', { count: total - shown.length })}</span>
            <span className="visually-hidden">
              {t('moreDotsLabel', { count: total - shown.length })}
            </span>
          </span>
        </li>
      )}
    </ol>
  );
}
