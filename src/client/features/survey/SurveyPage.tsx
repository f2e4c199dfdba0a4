import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CheckIcon from '@mui/icons-material/Check';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SurveyQuestion } from '../../../shared/contracts/survey';
import { RenderSlice } from '../../lib/render-slices';
import { ApiError } from '../../lib/api-client';
import {
  draftFromAnswer,
  isDraftAnswered,
  toSaveBody,
  type AnswerDraft,
} from '../../../question-types/registry.shared';
import { surveyPartOf } from '../../../question-types/registry.survey';
import { useQueryClient } from '@tanstack/react-query';
import { AssessmentStatusPage } from './AssessmentStatusPage';
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

/** Where a patient starts: the first unanswered question, or the first when all are answered. */
function startIndex(questions: SurveyQuestion[]): number {
  const first = questions.findIndex((q) => q.answer === undefined);
  return first === -1 ? 0 : first;
}

/** The draft of what the server has stored for a question. */
const storedDraft = (q: SurveyQuestion) => draftFromAnswer(q.questionType, q.answer);

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

  // Each type's input is code of its own: fetched as soon as the questions are known, so that
  // moving on never waits for it, and evaluated in a task of its own rather than all at once.
  // A failed fetch is left to the input, which asks for its code itself when it renders.
  useEffect(() => {
    for (const type of new Set(questions?.map((q) => q.questionType))) {
      surveyPartOf(type)
        .load()
        .catch(() => undefined);
    }
  }, [questions]);

  const goTo = (next: number) => {
    setSubmitError(null);
    setUnansweredWarning(null);
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
    if (!questions || !question) return;
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
    <Box sx={{ mb: { xs: 2, sm: 3 } }}>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, fontSize: { xs: '1.4rem', sm: '2.125rem' } }}
      >
        {t('heading')}
      </Typography>
      {!completed && !submitted && (
        <SurveyIntro collapsed={answering} text={t('description')} toggle={t('howItWorks')} />
      )}
    </Box>
  );

  const loading = (
    <Paper sx={{ p: { xs: 2, sm: 4 } }} aria-busy="true">
      <Skeleton width="30%" />
      <Skeleton height={12} sx={{ my: 2 }} />
      <Skeleton variant="rectangular" height={160} />
    </Paper>
  );

  let content;
  if (completed || submitted) {
    content = <AssessmentStatusPage title={completed ? t('done.title') : undefined} />;
  } else if (query.isPending || assessment.isPending) {
    content = loading;
  } else if (query.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('common:retry')}
          </Button>
        }
      >
        {t('errors.load')}
      </Alert>
    );
  } else if (total === 0) {
    content = (
      <Paper sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {t('empty.title')}
        </Typography>
        <Typography color="text.secondary">{t('empty.description')}</Typography>
      </Paper>
    );
  } else if (!question) {
    content = <AssessmentStatusPage />;
  } else {
    const percent = Math.round((index / total) * 100);
    const dotState = (q: SurveyQuestion, i: number): DotState => {
      if (i === index) return 'current';
      if (isDraftAnswered(q.questionType, draftOf(q))) return 'answered';
      if (q.required && (i < index || skipped.has(q.id) || missing?.includes(q.id)))
        return 'skippedRequired';
      return i < index ? 'unanswered' : 'upcoming';
    };
    const isMissing = missing?.includes(question.id) ?? false;
    // The question arrives with its data and renders in slices, as a first render does, so a
    // phone that has just loaded the survey's code answers a tap in between.
    content = (
      <RenderSlice onMount fallback={loading}>
        <Paper component="section" sx={{ p: { xs: 2, sm: 4 } }} aria-labelledby="question-text">
          <RenderSlice>
            <div>
              <Stack
                direction="row"
                sx={{
                  justifyContent: 'space-between',
                  alignItems: 'center',
                  gap: 1,
                  flexWrap: 'wrap',
                  mb: 1.5,
                }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="subtitle2" component="p" data-testid="question-counter">
                    {t('questionOf', { current: index + 1, total })}
                  </Typography>
                  <Chip
                    size="small"
                    color="primary"
                    variant="outlined"
                    label={t(surveyPartOf(question.questionType).label)}
                    data-testid="question-type"
                  />
                  {question.required && (
                    <Chip
                      size="small"
                      color={isMissing ? 'warning' : 'default'}
                      label={t('required.chip')}
                      data-testid="question-required"
                    />
                  )}
                </Stack>
                <Typography
                  variant="subtitle2"
                  color="text.secondary"
                  data-testid="progress-percent"
                >
                  {t('percentComplete', { percent })}
                </Typography>
              </Stack>
              <SurveyProgress index={index} states={questions.map((q, i) => dotState(q, i))} />
              <Typography
                id="question-text"
                variant="h6"
                component="h2"
                sx={{
                  mt: 2,
                  mb: 3,
                  fontWeight: 600,
                  fontSize: { xs: '1.1rem', sm: '1.25rem' },
                  overflowWrap: 'anywhere',
                }}
              >
                {question.text}
              </Typography>

              {isMissing && (
                <Alert
                  severity="warning"
                  sx={{ mb: 3 }}
                  role="alert"
                  data-testid="required-missing"
                >
                  {t('required.missing', { count: missing?.length ?? 1 })}
                </Alert>
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
                <Alert
                  severity="warning"
                  sx={{ mt: 3 }}
                  role="alert"
                  data-testid="required-unanswered"
                  action={
                    <Button color="inherit" size="small" onClick={() => void next(true)}>
                      {t('required.later')}
                    </Button>
                  }
                >
                  {t('required.unanswered')}
                </Alert>
              )}

              {submitError && (
                <Alert severity="error" sx={{ mt: 3 }} role="alert">
                  {submitError}
                </Alert>
              )}

              <RenderSlice>
                <Stack
                  direction="row"
                  spacing={2}
                  sx={{
                    justifyContent: 'space-between',
                    mt: 4,
                    pt: 2,
                    borderTop: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Button
                    startIcon={<ArrowBackIcon />}
                    onClick={() => goTo(Math.max(0, index - 1))}
                    disabled={index === 0 || saving || busy}
                  >
                    {t('back')}
                  </Button>
                  <Button
                    variant="contained"
                    color={finishing ? 'secondary' : 'primary'}
                    endIcon={
                      saving ? (
                        <CircularProgress size={18} color="inherit" />
                      ) : finishing ? (
                        <CheckIcon />
                      ) : (
                        <ArrowForwardIcon />
                      )
                    }
                    onClick={() => void next()}
                    disabled={saving || busy}
                  >
                    {saving ? t('saving') : finishing ? t('complete') : t('next')}
                  </Button>
                </Stack>
              </RenderSlice>
            </div>
          </RenderSlice>
        </Paper>
      </RenderSlice>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      {header}
      {content}
    </Container>
  );
}
