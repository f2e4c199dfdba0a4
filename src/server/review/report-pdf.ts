import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Language } from '../../shared/constants';
import { SYMPTOM_LABELS } from '../../shared/symptom-labels';
import { SYMPTOM_POSITIONS, SYMPTOM_STACK_OFFSET, symptomColor } from '../../shared/symptoms';
import { practiceCalendar } from '../calendar/practice-calendar';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { accessCodes, users } from '../db/schema';
import { AppError } from '../http/app-error';
import { scoreInstrument } from '../instruments/instrument';
import { TMD_PAIN_SCREENER } from '../instruments/tmd-pain-screener';
import type { MediaStore } from '../media/media-store';
import { loadAssessmentAnswers, type AssessmentAnswer } from './assessment-answers';
import { drawBody, type Dot } from './body-drawing';
import { REPORT_FONTS } from './report-fonts';
import { fill, reportLabels } from './report-labels';

type Doc = InstanceType<typeof PDFDocument>;

const COLORS = { green: '#2e7d32', amber: '#ed8f03', red: '#c62828' } as const;
const PAIN_POINT_COLORS = { light: COLORS.green, medium: COLORS.amber, strong: COLORS.red };
const MUTED = '#5f6b7a';
const REGULAR = 'Report';
const BOLD = 'Report-Bold';
const LINE_GAP = -2;
const PRIMARY = '#1565c0';

/** A calendar date (birth, evaluation sent) is a day, not a moment: no zone applies. */
const formatDay = (value: string | null, language: Language) =>
  value
    ? new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
        dateStyle: 'medium',
        timeZone: 'UTC',
      }).format(new Date(value))
    : '–';

/** Room left on the page; starts a new one when a block would not fit. */
function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function symptomDots(answer: AssessmentAnswer): Record<'front' | 'side', Dot[]> {
  const dots: Record<'front' | 'side', Dot[]> = { front: [], side: [] };
  const seen = new Map<string, number>();
  for (const symptom of answer.symptoms ?? []) {
    const position = SYMPTOM_POSITIONS[symptom.name];
    if (!position) continue;
    const key = `${position.view}:${position.x}:${position.y}`;
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    dots[position.view].push({
      x: position.x + index * SYMPTOM_STACK_OFFSET,
      y: position.y,
      color: COLORS[symptomColor(symptom.intensity)],
    });
  }
  return dots;
}

async function writeAnswer(
  doc: Doc,
  answer: AssessmentAnswer,
  language: Language,
  media: MediaStore,
): Promise<void> {
  const labels = reportLabels[language];
  const symptomLabels = SYMPTOM_LABELS[language];
  // Keep a question together with its drawing or photo rather than splitting it over a page.
  const drawn = answer.questionType === 'pain_atlas' || answer.questionType === 'pain_symptoms';
  ensureSpace(doc, drawn ? 300 : answer.questionType === 'photo' ? 200 : 60);
  doc.font(BOLD).fontSize(10.5).fillColor('#1b2430').text(answer.questionText);
  doc.font(REGULAR).fontSize(10).fillColor('#1b2430').moveDown(0.2);
  const left = doc.page.margins.left;

  switch (answer.questionType) {
    case 'text':
      doc.text(answer.answerText?.trim() || labels.noAnswer);
      break;
    case 'multiple_choice':
      doc.text(answer.optionText ?? labels.noSelection);
      break;
    case 'photo': {
      const image = answer.mediaPath
        ? await buffer(media.read(answer.mediaPath)).catch(() => null)
        : null;
      if (image) {
        ensureSpace(doc, 170);
        doc.image(image, left, doc.y, { fit: [160, 160] });
        doc.y += 165;
      } else {
        doc.fillColor(MUTED).text(labels.photoMissing);
      }
      break;
    }
    case 'video':
      doc.fillColor(MUTED).text(answer.mediaPath ? labels.videoRecorded : labels.noAnswer);
      break;
    case 'pain_atlas': {
      const points = answer.painPoints ?? [];
      doc.text(fill(labels.painPoints, { count: points.length }));
      ensureSpace(doc, 230);
      const top = doc.y + 4;
      drawBody(
        doc,
        { x: left, y: top, width: 110, height: 220 },
        'front',
        points.map((p) => ({ x: p.x, y: p.y, color: PAIN_POINT_COLORS[p.intensity] })),
      );
      const lines = points.map(
        (p, i) =>
          `${i + 1}. ${labels.intensities[p.intensity]} (${Math.round(p.x * 100)}%, ${Math.round(p.y * 100)}%)`,
      );
      doc
        .fontSize(9)
        .fillColor(MUTED)
        .text(lines.join('\n'), left + 140, top, { width: 300 });
      doc.y = top + 226;
      doc.x = left;
      break;
    }
    case 'pain_symptoms': {
      const symptoms = answer.symptoms ?? [];
      doc.text(fill(labels.symptomsRecorded, { count: symptoms.length }));
      for (const s of symptoms) {
        // A dot drawn in the intensity colour says how strong the symptom is at a glance.
        doc.fontSize(9.5);
        doc.circle(left + 4, doc.y + 5, 3.5).fill(COLORS[symptomColor(s.intensity)]);
        doc
          .fillColor('#1b2430')
          .text(
            `${symptomLabels.names[s.name]}: ${symptomLabels.frequencies[s.frequency]}, ${symptomLabels.triggers[s.trigger]}, ${symptomLabels.intensities[s.intensity]}`,
            left + 14,
          );
      }
      doc.x = left;
      if (symptoms.length > 0) {
        ensureSpace(doc, 240);
        const top = doc.y + 6;
        const dots = symptomDots(answer);
        drawBody(doc, { x: left, y: top, width: 110, height: 220 }, 'front', dots.front);
        drawBody(doc, { x: left + 150, y: top, width: 110, height: 220 }, 'side', dots.side);
        doc.fontSize(8).fillColor(MUTED);
        doc.text(labels.front, left, top + 222, { width: 110, align: 'center' });
        doc.text(labels.side, left + 150, top + 222, { width: 110, align: 'center' });
        doc.x = left;
        doc.y = top + 236;
      }
      break;
    }
  }
  doc.fillColor('#1b2430').fontSize(10).moveDown(0.8);
}

const PHOTO_COLUMNS = 3;
const PHOTO_GAP = 14;

/**
 * Consecutive photo answers side by side, three a row, each under its question, so the stills
 * of one assessment take a page or two instead of one page per three photos.
 */
async function writePhotoGrid(
  doc: Doc,
  photos: AssessmentAnswer[],
  language: Language,
  media: MediaStore,
): Promise<void> {
  const labels = reportLabels[language];
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const cell = (width - PHOTO_GAP * (PHOTO_COLUMNS - 1)) / PHOTO_COLUMNS;
  const images = await Promise.all(
    photos.map((answer) =>
      answer.mediaPath ? buffer(media.read(answer.mediaPath)).catch(() => null) : null,
    ),
  );
  for (let start = 0; start < photos.length; start += PHOTO_COLUMNS) {
    const row = photos.slice(start, start + PHOTO_COLUMNS);
    doc.font(BOLD).fontSize(9);
    const captionHeight = Math.max(
      ...row.map((answer) => doc.heightOfString(answer.questionText, { width: cell })),
    );
    ensureSpace(doc, captionHeight + cell + 20);
    const top = doc.y;
    row.forEach((answer, i) => {
      const x = left + i * (cell + PHOTO_GAP);
      doc
        .font(BOLD)
        .fontSize(9)
        .fillColor('#1b2430')
        .text(answer.questionText, x, top, { width: cell });
      const image = images[start + i];
      const imageTop = top + captionHeight + 4;
      if (image) {
        try {
          doc.image(image, x, imageTop, { fit: [cell, cell], align: 'center' });
          return;
        } catch {
          // Not an image PDFKit can embed: say so instead of failing the whole report.
        }
      }
      doc
        .font(REGULAR)
        .fontSize(9)
        .fillColor(MUTED)
        .text(labels.photoMissing, x, imageTop, { width: cell });
    });
    doc.x = left;
    doc.y = top + captionHeight + 4 + cell + 14;
  }
  doc.fillColor('#1b2430').font(REGULAR).fontSize(10);
}

/**
 * The case report of one assessment as a PDF stream: patient details, the screener score,
 * then every answer in questionnaire order with photo stills and the body diagrams.
 */
export async function renderAssessmentReport(
  deps: { db: Db; media: MediaStore; config: Pick<Config, 'practice'> },
  accessCodeId: number,
  language: Language,
  now = new Date(),
): Promise<{ document: Doc; patientUserId: number }> {
  const [row] = await deps.db
    .select({ code: accessCodes, user: users })
    .from(accessCodes)
    .innerJoin(users, eq(users.id, accessCodes.userId))
    .where(eq(accessCodes.id, accessCodeId));
  if (!row) throw new AppError(404, 'review.notFound');
  const { code, user } = row;
  const answers = await loadAssessmentAnswers(deps.db, [accessCodeId], language);
  const screener = scoreInstrument(
    TMD_PAIN_SCREENER,
    answers
      .filter((a) => a.instrumentItem)
      .map((a) => ({ instrumentItem: a.instrumentItem!, score: a.optionScore })),
  );
  const labels = reportLabels[language];
  // Moments are printed in the practice's time zone, with the zone named.
  const calendar = practiceCalendar(deps.config.practice);
  const formatMoment = (value: Date | null) =>
    value ? calendar.formatDateTime(value, language) : '–';

  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    font: REPORT_FONTS.regular,
    info: { Title: `${labels.title} #${code.id}`, Creator: 'CMD Risk Assessment' },
  });
  doc.registerFont(REGULAR, REPORT_FONTS.regular);
  doc.registerFont(BOLD, REPORT_FONTS.bold);
  // Noto Sans sets lines about 2 points further apart than Helvetica at 10 points; keep the page.
  doc.lineGap(LINE_GAP);

  doc.font(BOLD).fontSize(18).fillColor(PRIMARY).text(labels.title);
  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor(MUTED)
    .text(fill(labels.generated, { date: formatMoment(now) }));
  doc.moveDown();

  const facts: [string, string][] = [
    [labels.assessment, `#${code.id}`],
    [labels.accessCode, `••••-••••-••••-${code.codeHint}`],
    [labels.status, labels.statuses[code.status]],
    [labels.submitted, formatMoment(code.submittedAt)],
    [labels.due, formatMoment(code.dueAt)],
    [labels.evaluated, formatDay(code.evaluationSentOn, language)],
  ];
  const patient: [string, string][] = [
    [labels.name, `${code.firstName} ${code.lastName}`.trim() || '–'],
    [labels.dateOfBirth, formatDay(code.dateOfBirth, language)],
    [labels.email, code.email || user.email],
    [labels.phone, code.phone ?? '–'],
    [
      labels.address,
      [code.address, [code.postalCode, code.city].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', ') || '–',
    ],
    [labels.state, code.state ?? '–'],
  ];
  const table = (title: string, rows: [string, string][]) => {
    doc.font(BOLD).fontSize(12).fillColor(PRIMARY).text(title);
    doc.moveDown(0.3);
    for (const [label, value] of rows) {
      const y = doc.y;
      doc
        .font(REGULAR)
        .fontSize(10)
        .fillColor(MUTED)
        .text(label, doc.page.margins.left, y, { width: 150 });
      doc.fillColor('#1b2430').text(value, doc.page.margins.left + 160, y, { width: 330 });
      doc.moveDown(0.2);
    }
    doc.x = doc.page.margins.left;
    doc.moveDown();
  };
  table(labels.assessment, facts);
  table(labels.patient, patient);

  doc.font(BOLD).fontSize(12).fillColor(PRIMARY).text(labels.screener);
  doc.moveDown(0.3).font(REGULAR).fontSize(11).fillColor('#1b2430');
  if (screener) {
    doc
      .font(BOLD)
      .text(fill(labels.screenerScore, { score: screener.score, max: screener.maxScore }), {
        continued: true,
      });
    doc
      .font(REGULAR)
      .text(
        `: ${fill(screener.positive ? labels.screenerPositive : labels.screenerNegative, { cutoff: screener.cutoff })}`,
      );
  } else {
    doc.text(labels.screenerMissing);
  }
  doc.fontSize(9).fillColor(MUTED).text(labels.screenerNote).moveDown();

  doc.font(BOLD).fontSize(12).fillColor(PRIMARY).text(labels.answers);
  doc.moveDown(0.4);
  for (let i = 0; i < answers.length; i++) {
    if (answers[i]!.questionType !== 'photo') {
      await writeAnswer(doc, answers[i]!, language, deps.media);
      continue;
    }
    let end = i;
    while (answers[end + 1]?.questionType === 'photo') end++;
    await writePhotoGrid(doc, answers.slice(i, end + 1), language, deps.media);
    i = end;
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        fill(labels.page, { page: i + 1, pages: range.count }),
        doc.page.margins.left,
        doc.page.height - 35,
        { width: doc.page.width - doc.page.margins.left - doc.page.margins.right, align: 'right' },
      );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return { document: doc, patientUserId: user.id };
}
