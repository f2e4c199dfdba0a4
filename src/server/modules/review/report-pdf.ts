import type { FastifyBaseLogger } from 'fastify';
import PDFDocument from 'pdfkit';
import { serverOfType } from '../../../question-types/registry.server';
import type { AnsweredQuestion } from '../../../question-types/server-type';
import { practiceCalendar } from '../../platform/calendar/practice-calendar';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { DomainError } from '../../platform/errors';
import type { AuthContext } from '../../platform/auth-context';
import { recordAudit } from '../audit';
import { readAnswers, screenerScoreOf } from '../answers';
import { findAssessmentWithAccount } from '../assessments';
import { availableSize, readAvailable } from '../media';
import type { MediaStore } from '../media';
import { PDF_FONTS } from '../../platform/pdf/fonts';
import {
  BOLD,
  INK,
  MUTED,
  PRIMARY,
  REGULAR,
  writePageFooters,
  type Doc,
} from '../../platform/pdf/pdf-kit';
import { fill } from '../../platform/i18n/fill';
import { formatDay } from '../../platform/pdf/pdf-kit';
import { printText } from '../../platform/pdf/script-runs';
import type { ReportContext } from '../../../question-types/server-type';
import { reportLabels } from './report-labels';
import { maskedCodesOf } from '../access';

const LINE_GAP = -2;

/** Every answer in questionnaire order, each run of one type written by that type. */
async function writeAnswers(answers: AnsweredQuestion[], context: ReportContext): Promise<void> {
  for (let start = 0; start < answers.length;) {
    const type = answers[start]!.question.type;
    let end = start + 1;
    while (answers[end]?.question.type === type) end++;
    await serverOfType(type).writeReport(answers.slice(start, end), context);
    start = end;
  }
}

/**
 * The case report of one assessment as a PDF stream: patient details, the screener score,
 * then every answer in questionnaire order with photo stills and the body diagrams.
 */
export async function renderAssessmentReport(
  deps: { db: Db; media: MediaStore; config: Pick<Config, 'practice'>; log: FastifyBaseLogger },
  actor: AuthContext,
  assessmentId: number,
  now = new Date(),
): Promise<Doc> {
  const { language } = actor;
  const row = await findAssessmentWithAccount(deps.db, assessmentId);
  if (!row) throw new DomainError('not_found', 'review.notFound');
  const { assessment: code, account: user } = row;
  const maskedCode = (await maskedCodesOf(deps.db, [code.id])).get(code.id)!;
  const answers = await readAnswers(deps.db, [assessmentId]);
  const screener = screenerScoreOf(answers);
  const labels = reportLabels[language];
  // Moments are printed in the practice's time zone, with the zone named.
  const calendar = practiceCalendar(deps.config.practice);
  const formatMoment = (value: Date | null) =>
    value ? calendar.formatDateTime(value, language) : '–';

  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    font: PDF_FONTS.regular,
    info: { Title: `${labels.title} #${code.id}`, Creator: 'CMD Risk Assessment' },
  });
  doc.registerFont(REGULAR, PDF_FONTS.regular);
  doc.registerFont(BOLD, PDF_FONTS.bold);
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
    [labels.accessCode, maskedCode],
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
      doc.fillColor(INK);
      printText(doc, value, REGULAR, { x: doc.page.margins.left + 160, y, width: 330 });
      doc.moveDown(0.2);
    }
    doc.x = doc.page.margins.left;
    doc.moveDown();
  };
  table(labels.assessment, facts);
  table(labels.patient, patient);

  doc.font(BOLD).fontSize(12).fillColor(PRIMARY).text(labels.screener);
  doc.moveDown(0.3).font(REGULAR).fontSize(11).fillColor(INK);
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
  const reading = { log: deps.log, reader: 'case-report' };
  await writeAnswers(answers, {
    doc,
    language,
    labels,
    readMedia: (path) => readAvailable(deps.media, path, reading),
    mediaAvailable: async (path) => (await availableSize(deps.media, path, reading)) !== null,
  });

  writePageFooters(doc, (page, pages) => fill(labels.page, { page, pages }));
  doc.end();
  await recordAudit(deps.db, actor, {
    action: 'report.export',
    patientUserId: user.id,
    assessmentId,
    detail: 'pdf',
  });
  return doc;
}
