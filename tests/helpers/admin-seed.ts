import { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import type { PainPoint, SymptomEntry } from '../../src/shared/contracts/answer';
import type { QuestionType } from '../../src/shared/constants';
import { createAssessmentWithCode } from '../../src/server/modules/access/access-codes';
import type { AssessmentDetails } from '../../src/server/modules/assessments/create-assessment';
import type { Db } from '../../src/server/platform/db/client';
import {
  answers,
  assessments,
  mediaUploads,
  questionOptions,
  questions,
  users,
} from '../../src/server/schema';
import { newMediaPath, type MediaStore } from '../../src/server/modules/media/media-store';
import { firstQuestionOfType, seenUntil, storedAnswer } from './seed-answers';

export const SAMPLE_PAIN_POINTS: PainPoint[] = [
  { id: 'p1', x: 0.5, y: 0.2, intensity: 'light' },
  { id: 'p2', x: 0.4, y: 0.5, intensity: 'strong' },
];

/** Three complaints: two share the jaw joint spot on the side view, one on the front view. */
export const SAMPLE_SYMPTOMS: SymptomEntry[] = [
  { id: 's1', name: 'jawJointPain', frequency: 'weekly', trigger: 'stress', intensity: 'leicht' },
  {
    id: 's2',
    name: 'jawJointClicking',
    frequency: 'constant',
    trigger: 'sport',
    intensity: 'mittel',
  },
  { id: 's3', name: 'headaches', frequency: 'monthly', trigger: 'other', intensity: 'stark' },
];

/** A patient account with one assessment; `values` are its details as entered at checkout. */
export async function insertPatient(
  db: Db,
  values: { email: string } & AssessmentDetails,
): Promise<{ userId: number; assessmentId: number; code: string }> {
  const [user] = await db
    .insert(users)
    .values({ email: values.email })
    .onConflictDoUpdate({ target: users.email, set: { email: values.email } })
    .returning({ id: users.id });
  const { id: assessmentId, code } = await createAssessmentWithCode(db, user!.id, values);
  return { userId: user!.id, assessmentId, code };
}

/** The sample file written to the media store and recorded as the patient's upload. */
async function storeSample(
  db: Db,
  media: MediaStore,
  upload: { userId: number; assessmentId: number; questionId: number },
  type: 'photo' | 'video',
  bytes: Buffer,
  extension: 'jpg' | 'webm' | 'mp4' = type === 'photo' ? 'jpg' : 'webm',
) {
  const file = await media.write(Readable.from([bytes]), newMediaPath(extension));
  await db.insert(mediaUploads).values({
    ...upload,
    path: file.path,
    mediaType: type,
    mimeType: type === 'photo' ? 'image/jpeg' : `video/${extension}`,
    sizeBytes: file.size,
  });
  return { mediaType: type, mediaPath: file.path };
}

/**
 * Answers one question of every type for an assessment, as the survey would store them,
 * with the photo and video written to the media store.
 */
export async function answerEveryType(
  db: Db,
  media: MediaStore,
  target: { userId: number; assessmentId: number },
  files: { photo: Buffer; video: Buffer; videoExtension?: 'webm' | 'mp4' },
): Promise<{ photoPath: string; videoPath: string; optionId: number; questionIds: number[] }> {
  const base = { userId: target.userId, assessmentId: target.assessmentId };
  const text = await firstQuestionOfType(db, 'text');
  const choice = await firstQuestionOfType(db, 'multiple_choice');
  const photo = await firstQuestionOfType(db, 'photo');
  const video = await firstQuestionOfType(db, 'video');
  const atlas = await firstQuestionOfType(db, 'pain_atlas');
  const symptoms = await firstQuestionOfType(db, 'pain_symptoms');
  const [option] = await db
    .select()
    .from(questionOptions)
    .where(eq(questionOptions.questionId, choice.id))
    .orderBy(asc(questionOptions.sortOrder))
    .limit(1);

  const storedPhoto = await storeSample(
    db,
    media,
    { ...base, questionId: photo.id },
    'photo',
    files.photo,
  );
  const storedVideo = await storeSample(
    db,
    media,
    { ...base, questionId: video.id },
    'video',
    files.video,
    files.videoExtension,
  );
  await db.insert(answers).values([
    { ...base, questionId: text.id, ...storedAnswer({ answerText: 'Jaw pain since last spring' }) },
    { ...base, questionId: choice.id, ...storedAnswer({ optionId: option!.id }) },
    { ...base, questionId: photo.id, ...storedAnswer(storedPhoto) },
    { ...base, questionId: video.id, ...storedAnswer(storedVideo) },
    { ...base, questionId: atlas.id, ...storedAnswer({ painPoints: SAMPLE_PAIN_POINTS }) },
    { ...base, questionId: symptoms.id, ...storedAnswer({ symptoms: SAMPLE_SYMPTOMS }) },
  ]);
  return {
    photoPath: storedPhoto.mediaPath,
    videoPath: storedVideo.mediaPath,
    optionId: option!.id,
    questionIds: [text.id, choice.id, photo.id, video.id, atlas.id, symptoms.id],
  };
}

/**
 * Answers the questionnaire's second photo question too (answerEveryType answers the first), so
 * an assessment has two photos to page through.
 */
export async function answerSecondPhoto(
  db: Db,
  media: MediaStore,
  target: { userId: number; assessmentId: number },
  photo: Buffer,
): Promise<void> {
  const [, question] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.questionType, 'photo'), eq(questions.isActive, true)))
    .orderBy(asc(questions.sortOrder))
    .limit(2);
  if (!question) throw new Error('The questionnaire has fewer than two photo questions');
  const upload = {
    userId: target.userId,
    assessmentId: target.assessmentId,
    questionId: question.id,
  };
  const stored = await storeSample(db, media, upload, 'photo', photo);
  await db.insert(answers).values({ ...upload, ...storedAnswer(stored) });
}

/**
 * A patient who has seen (without answering) every question before the first of `type`, so
 * signing in opens it.
 */
export async function insertPatientAtFirst(
  db: Db,
  type: QuestionType,
  values: { email: string } & AssessmentDetails,
): Promise<{ userId: number; assessmentId: number; code: string }> {
  const patient = await insertPatient(db, values);
  await seenUntil(db, patient, (question) => question.questionType === type);
  return patient;
}

/** What `answerQuestion` of the browser helpers types into text question `n` (1-based). */
export const walkedTextAnswer = (n: number) => `Answer ${n}: jaw pain since spring`;

/**
 * Answers the questions before `upTo` (1-based sort order) as a patient walking the survey in the
 * browser would (`answerQuestion`): the text it types, the second option, the sample photo and
 * video written to the media store, the sample pain points and complaints. `skip` is saved
 * without an answer, as Next saves a skipped question. Signing in then opens question `upTo`,
 * so a test walks in the browser only what it looks at.
 */
export async function answerQuestionsBefore(
  db: Db,
  media: MediaStore,
  patient: { userId: number; assessmentId: number },
  files: { photo: Buffer; video: Buffer },
  upTo: number,
  skip?: number,
): Promise<void> {
  const all = await db.select().from(questions).orderBy(asc(questions.sortOrder));
  const options = await db.select().from(questionOptions).orderBy(asc(questionOptions.sortOrder));
  const base = { userId: patient.userId, assessmentId: patient.assessmentId };
  const answerOf = async (question: (typeof all)[number], n: number) => {
    switch (question.questionType) {
      case 'text':
        return { answerText: walkedTextAnswer(n) };
      case 'multiple_choice': {
        const own = options.filter((option) => option.questionId === question.id);
        return { optionId: (own[1] ?? own[0])!.id };
      }
      case 'photo':
      case 'video':
        return storeSample(
          db,
          media,
          { ...base, questionId: question.id },
          question.questionType,
          files[question.questionType],
        );
      case 'pain_atlas':
        return { painPoints: SAMPLE_PAIN_POINTS };
      case 'pain_symptoms':
        return { symptoms: SAMPLE_SYMPTOMS };
    }
  };
  for (const [index, question] of all.slice(0, upTo - 1).entries()) {
    const n = index + 1;
    await db.insert(answers).values({
      ...base,
      questionId: question.id,
      ...(n === skip ? {} : storedAnswer(await answerOf(question, n))),
    });
  }
}

/** Marks an assessment submitted today, as completing the survey does, for the dentist to open. */
export async function markSubmitted(db: Db, assessmentId: number): Promise<void> {
  const now = new Date();
  await db
    .update(assessments)
    .set({ status: 'submitted', submittedAt: now, dueAt: new Date(now.getTime() + 2 * 86_400_000) })
    .where(eq(assessments.id, assessmentId));
}
