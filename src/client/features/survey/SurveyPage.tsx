import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SurveyQuestion } from '../../../shared/contracts/survey';
import { ApiError } from '../../lib/api-client';
import { Icon } from '../../lib/Icon';
import { lazyThemed } from '../../lib/mui/lazy-themed';
import { Notice } from '../../lib/Notice';
import { RenderSlice } from '../../lib/render-slices';
import { Spinner } from '../../lib/Spinner';
import {
  draftFromAnswer,
  isDraftAnswered,
  isDraftUnfinished,
  toSaveBody,
  type AnswerDraft,
} from '../../../question-types/registry.shared';
import type { QuestionType } from '../../../shared/constants';
import { surveyPartOf } from '../../../question-types/registry.survey';
import { useQueryClient } from '@tanstack/react-query';
import {
  completeAssessment,
  patientAssessmentKey,
  saveAnswer,
  usePatientAssessment,
  useSurveyQuestions,
} from './api';
import './i18n';
import { QuestionBody } from './QuestionBody';
import { SurveyIntro } from './SurveyIntro';
import { SurveyProgress, type DotState } from './SurveyProgress';

// A completed assessment's status (and later the evaluation) still uses MUI: it loads with it,
// when shown, and the questions' first screen needs neither (docs/architecture.md).
const AssessmentStatusPage = lazyThemed(() => import('./AssessmentStatusPage'));

/** MUI's ArrowBack, ArrowForward and Check icons. */
const ARROW_BACK = 'M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z';
const ARROW_FORWARD = 'M12 4l-1.41 1.41L16.17 11H4v2h12.17l-5.58 5.59L12 20l8-8z';
const CHECK = 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z';

/** The draft of what the server has stored for a question. */
const storedDraft = (q: SurveyQuestion) => draftFromAnswer(q.questionType, q.answer);

/**
 * Where a patient starts: the first question they have not reached yet (Next saves a question
 * passed without an answer, so a reached question has an answer row); once every question has
 * been reached, the first one left without an answer; the first when all are answered.
 */
function startIndex(questions: SurveyQuestion[]): number {
  const unreached = questions.findIndex((q) => q.answer === undefined);
  if (unreached !== -1) return unreached;
  const unanswered = questions.findIndex((q) => !isDraftAnswered(q.questionType, storedDraft(q)));
  return unanswered === -1 ? 0 : unanswered;
}

export default function SurveyPage() {
  const { t } = useTranslation('survey');
  const query = useSurveyQuestions();
  const questions = query.data;
  // A completed assessment shows where it stands (and later the evaluation), not the questions.
  const assessment = usePatientAssessment();
  const queryClient = useQueryClient();
  const submitted = Boolean(assessment.data && assessment.data.status !== 'in_progress');

  const [chosenIndex, setIndex] = useState<number | null>(null);
  const [drafts, setDrafts] = useState<Record<number, AnswerDraft>>({});
  const [saving, setSaving] = useState(false);
  const [busy, setBusy] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [completed, setCompleted] = useState(false);
  /** Required questions the server found unanswered when the patient tried to complete. */
  const [missing, setMissing] = useState<number[] | null>(null);
  /** Required questions the patient chose to leave for later, after being told. */
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(new Set());
  /** The required question on screen whose Next found no answer: it says so and waits. */
  const [unansweredWarning, setUnansweredWarning] = useState<number | null>(null);
  /** The question on screen whose Next or Back found an entry started in its input, not kept. */
  const [unfinishedWarning, setUnfinishedWarning] = useState<number | null>(null);

  const total = questions?.length ?? 0;
  const index = questions ? Math.min(chosenIndex ?? startIndex(questions), total - 1) : 0;
  const question = questions?.[index];
  /** After a refused completion, Next walks the missing questions, then completes. */
  const finishing = missing
    ? missing.every((id) => id === question?.id)
    : Boolean(questions && index === total - 1);

  const draftOf = useCallback((q: SurveyQuestion) => drafts[q.id] ?? storedDraft(q), [drafts]);
  const updateDraft = useCallback(
    (q: SurveyQuestion, patch: Partial<AnswerDraft>) =>
      setDrafts((all) => ({
        ...all,
        [q.id]: { ...(all[q.id] ?? storedDraft(q)), ...patch },
      })),
    [],
  );

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [index, completed]);

  // Leaving would lose what the input holds apart from the draft (a half-entered complaint): the
  // patient finishes or discards it first, and the warning goes once they have.
  const unfinished = Boolean(
    question && isDraftUnfinished(question.questionType, draftOf(question)),
  );
  useEffect(() => {
    if (!unfinished) setUnfinishedWarning(null);
  }, [unfinished]);
  const mayLeave = () => {
    if (unfinished) setUnfinishedWarning(question?.id ?? null);
    return !unfinished;
  };

  /** Set when Next or Back moves: the new question's heading then takes the focus. */
  const moved = useRef(false);
  const goTo = (next: number) => {
    moved.current = next !== index;
    setSubmitError(null);
    setUnansweredWarning(null);
    setUnfinishedWarning(null);
    setBusy(false);
    setIndex(next);
  };
  const indexOf = (id: number) => questions?.findIndex((q) => q.id === id) ?? -1;

  /** The one completion request; the server names required questions still unanswered. */
  const complete = async () => {
    const unanswered = await completeAssessment();
    if (unanswered.length === 0) {
      await queryClient.invalidateQueries({ queryKey: patientAssessmentKey });
      setCompleted(true);
      return;
    }
    setMissing(unanswered);
    const first = indexOf(unanswered[0]!);
    if (first >= 0) goTo(first);
  };

  const next = async (onPurpose = false) => {
    if (!questions || !question || !mayLeave()) return;
    setSaving(true);
    setSubmitError(null);
    try {
      // Answers are saved as the patient goes: only the question on screen is sent.
      const draft = draftOf(question);
      await saveAnswer(toSaveBody(question.id, question.questionType, draft));
      const answered = isDraftAnswered(question.questionType, draft);
      // A required question left empty is named at once; Next again (or "Answer later") goes on.
      const warned = unansweredWarning === question.id || skipped.has(question.id);
      const toldAlready = missing?.includes(question.id) ?? false;
      if (question.required && !answered && !warned && !onPurpose && !toldAlready) {
        setUnansweredWarning(question.id);
        return;
      }
      if (question.required && !answered) setSkipped((all) => new Set(all).add(question.id));
      const left = missing?.filter((id) => id !== question.id || !answered);
      if (left) setMissing(left);
      if (finishing) {
        await complete();
      } else if (left) {
        const after = left.map(indexOf).filter((i) => i >= 0 && i !== index);
        goTo(after.find((i) => i > index) ?? after[0] ?? index + 1);
      } else {
        goTo(index + 1);
      }
    } catch (error) {
      const detail = error instanceof ApiError && error.status >= 400 && error.status < 500;
      setSubmitError(detail ? `${t('errors.submit')} ${error.message}` : t('errors.submit'));
    } finally {
      setSaving(false);
    }
  };

  // While questions are on screen the intro folds away, so the question (and a camera) starts
  // high on a phone; signing out is the top bar's Logout.
  const answering = !completed && !submitted && Boolean(question);
  const header = (
    <div className="survey-header">
      <h1 className="survey-heading">{t('heading')}</h1>
      {!completed && !submitted && (
        <SurveyIntro collapsed={answering} text={t('description')} toggle={t('howItWorks')} />
      )}
    </div>
  );

  const loading = <SurveySkeleton />;

  let content;
  if (completed || submitted) {
    content = (
      <Suspense fallback={loading}>
        <AssessmentStatusPage title={completed ? t('done.title') : undefined} />
      </Suspense>
    );
  } else if (query.isPending || assessment.isPending) {
    content = loading;
  } else if (query.isError) {
    content = (
      <Notice
        severity="error"
        role="alert"
        action={
          <button
            type="button"
            className="button button-small button-inherit"
            onClick={() => void query.refetch()}
          >
            {t('common:retry')}
          </button>
        }
      >
        {t('errors.load')}
      </Notice>
    );
  } else if (total === 0) {
    content = (
      <div className="survey-card survey-empty">
        <h2 className="survey-empty-title">{t('empty.title')}</h2>
        <p>{t('empty.description')}</p>
      </div>
    );
  } else if (!question) {
    content = (
      <Suspense fallback={loading}>
        <AssessmentStatusPage />
      </Suspense>
    );
  } else {
    const percent = Math.round((index / total) * 100);
    const dotState = (q: SurveyQuestion, i: number): DotState => {
      if (i === index) return 'current';
      if (isDraftAnswered(q.questionType, draftOf(q))) return 'answered';
      if (q.required && (i < index || skipped.has(q.id) || missing?.includes(q.id)))
        return 'skippedRequired';
      return i < index ? 'unanswered' : 'upcoming';
    };
    // Named as missing until it is answered here, not until the patient moves on.
    const isMissing =
      (missing?.includes(question.id) ?? false) &&
      !isDraftAnswered(question.questionType, draftOf(question));
    // The question arrives with its data and renders in slices, as a first render does, so a
    // phone that has just loaded the survey's code answers a tap in between.
    content = (
      <RenderSlice onMount fallback={loading}>
        <section className="survey-card" aria-labelledby="question-text">
          <RenderSlice>
            <div>
              <div className="survey-question-top">
                <div className="survey-question-tags">
                  <p className="survey-subtitle" data-testid="question-counter">
                    {t('questionOf', { current: index + 1, total })}
                  </p>
                  <div className="chip chip-primary" data-testid="question-type">
                    <span className="chip-label">
                      {t(surveyPartOf(question.questionType).label)}
                    </span>
                  </div>
                  {question.required && (
                    <div
                      className={isMissing ? 'chip chip-warning' : 'chip'}
                      data-testid="question-required"
                    >
                      <span className="chip-label">{t('required.chip')}</span>
                    </div>
                  )}
                </div>
                <p className="survey-subtitle" data-testid="progress-percent">
                  {t('percentComplete', { percent })}
                </p>
              </div>
              <SurveyProgress index={index} states={questions.map((q, i) => dotState(q, i))} />
              {/* After Next or Back the focus would stay on a button of the question before, or
                  drop to the page's start: a screen reader and a keyboard go on from here. */}
              <h2
                id="question-text"
                className="survey-question-text"
                tabIndex={-1}
                ref={(heading) => {
                  if (heading && moved.current) {
                    moved.current = false;
                    heading.focus({ preventScroll: true });
                  }
                }}
              >
                {question.text}
              </h2>

              {isMissing && (
                <Notice
                  severity="warning"
                  role="alert"
                  className="survey-notice-above"
                  data-testid="required-missing"
                >
                  {t('required.missing', { count: missing?.length ?? 1 })}
                </Notice>
              )}
            </div>
          </RenderSlice>
          {/* The buttons wait with the input, whose code may still be loading: they never move. */}
          <RenderSlice>
            <div>
              <QuestionBody
                key={question.id}
                question={question}
                draft={draftOf(question)}
                onChange={(patch) => updateDraft(question, patch)}
                onBusyChange={setBusy}
              />

              {unansweredWarning === question.id && (
                <Notice
                  severity="warning"
                  role="alert"
                  className="survey-notice-below"
                  data-testid="required-unanswered"
                  action={
                    <button
                      type="button"
                      className="button button-small button-inherit"
                      onClick={() => void next(true)}
                    >
                      {t('required.later')}
                    </button>
                  }
                >
                  {t('required.unanswered')}
                </Notice>
              )}

              {unfinishedWarning === question.id && (
                <Notice
                  severity="warning"
                  role="alert"
                  className="survey-notice-below"
                  data-testid="entry-unfinished"
                >
                  {t('unfinished')}
                </Notice>
              )}

              {submitError && (
                <Notice severity="error" role="alert" className="survey-notice-below">
                  {submitError}
                </Notice>
              )}

              <RenderSlice>
                <div className="survey-buttons">
                  <PrefetchInput type={questions[index + 1]?.questionType} />
                  <button
                    type="button"
                    className="button"
                    onClick={() => mayLeave() && goTo(Math.max(0, index - 1))}
                    disabled={index === 0 || saving || busy}
                  >
                    <span className="button-start-icon">
                      <Icon path={ARROW_BACK} />
                    </span>
                    {t('back')}
                  </button>
                  <button
                    type="button"
                    className={
                      finishing
                        ? 'button button-contained button-secondary'
                        : 'button button-contained'
                    }
                    onClick={() => void next()}
                    disabled={saving || busy}
                  >
                    {saving ? t('saving') : finishing ? t('complete') : t('next')}
                    <span className="button-end-icon">
                      {saving ? (
                        <Spinner size={18} />
                      ) : (
                        <Icon path={finishing ? CHECK : ARROW_FORWARD} />
                      )}
                    </span>
                  </button>
                </div>
              </RenderSlice>
            </div>
          </RenderSlice>
        </section>
      </RenderSlice>
    );
  }

  return (
    <div className="container survey">
      {header}
      {content}
    </div>
  );
}

/** The question card while the questions, or an input's code, load (MUI Skeleton's look). */
function SurveySkeleton() {
  return (
    <div className="survey-card" aria-busy="true">
      <span className="skeleton skeleton-text survey-skeleton-line" />
      <span className="skeleton survey-skeleton-bar" />
      <span className="skeleton survey-skeleton-box" />
    </div>
  );
}

/**
 * Fetches the next question's input once this question's input and buttons are on screen: the
 * first question is usable before any other type's code (or MUI, which the camera, body map and
 * symptom list bring) is evaluated, and moving on does not wait for the next one. A failed fetch
 * is left to that input, which asks for its code itself when it renders.
 */
function PrefetchInput({ type }: { type: QuestionType | undefined }) {
  useEffect(() => {
    if (!type) return;
    const timer = setTimeout(() => {
      surveyPartOf(type)
        .load()
        .catch(() => undefined);
    });
    return () => clearTimeout(timer);
  }, [type]);
  return null;
}
