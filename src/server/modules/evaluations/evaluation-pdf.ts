import PDFDocument from 'pdfkit';
import type { Language } from '../../../shared/constants';
import type { PatientEvaluation } from '../../../shared/contracts/evaluation';
import type { PracticeCalendar } from '../../platform/calendar/practice-calendar';
import { PDF_FONTS } from '../../platform/pdf/fonts';
import {
  BOLD,
  INK,
  MUTED,
  PRIMARY,
  REGULAR,
  ensureSpace,
  writePageFooters,
  type Doc,
} from '../../platform/pdf/pdf-kit';
import { fill } from '../../platform/i18n/fill';
import { formatDay } from '../../platform/pdf/pdf-kit';
import { printText } from '../../platform/pdf/script-runs';
import { evaluationLabels } from './evaluation-labels';
import type { Letterhead } from './evaluation-view';

const LOGO_HEIGHT = 48;

/** The practice's name, address, phone and tax numbers on the right, its logo on the left. */
function writeLetterhead(doc: Doc, letterhead: Letterhead, language: Language) {
  const { left, right } = doc.page.margins;
  const width = doc.page.width - left - right;
  const top = doc.y;
  if (letterhead.logoPath) doc.image(letterhead.logoPath, left, top, { height: LOGO_HEIGHT });
  doc.font(BOLD).fontSize(13).fillColor(PRIMARY).text(letterhead.name, left, top, {
    width,
    align: 'right',
  });
  doc.font(REGULAR).fontSize(9).fillColor(MUTED);
  for (const line of letterhead.addressLines) doc.text(line, { width, align: 'right' });
  if (letterhead.phone) {
    doc.text(`${evaluationLabels[language].phone} ${letterhead.phone}`, { width, align: 'right' });
  }
  const taxIds = [
    letterhead.taxNumber && `${evaluationLabels[language].taxNumber} ${letterhead.taxNumber}`,
    letterhead.vatId && `${evaluationLabels[language].vatId} ${letterhead.vatId}`,
  ].filter(Boolean);
  if (taxIds.length > 0) doc.text(taxIds.join(' · '), { width, align: 'right' });
  doc.y = Math.max(doc.y, letterhead.logoPath ? top + LOGO_HEIGHT : 0) + 10;
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.5)
    .strokeColor(MUTED)
    .stroke();
  doc.x = left;
  doc.moveDown(1.2);
}

function section(doc: Doc, title: string, body: string) {
  ensureSpace(doc, 60);
  doc.font(BOLD).fontSize(12).fillColor(PRIMARY).text(title);
  doc
    .moveDown(0.2)
    .font(REGULAR)
    .fontSize(10.5)
    .fillColor(INK)
    .text(body || '–');
  doc.moveDown(0.9);
}

/**
 * The sent evaluation as a PDF with the practice's letterhead, in the patient's language: what
 * the patient's page shows, plus who it is for. Fonts and colours are the case report's.
 */
export function renderEvaluationPdf(input: {
  evaluation: PatientEvaluation;
  patient: { name: string; dateOfBirth: string | null; assessmentId: number };
  language: Language;
  letterhead: Letterhead;
  calendar: PracticeCalendar;
}): Doc {
  const { evaluation, patient, language, letterhead, calendar } = input;
  const labels = evaluationLabels[language];
  // A moment is printed as the practice's calendar day.
  const day = (iso: string) => formatDay(calendar.localDate(new Date(iso)), language);

  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    font: PDF_FONTS.regular,
    info: { Title: labels.title, Author: letterhead.name, Creator: 'CMD Risk Assessment' },
  });
  doc.registerFont(REGULAR, PDF_FONTS.regular);
  doc.registerFont(BOLD, PDF_FONTS.bold);

  writeLetterhead(doc, letterhead, language);
  doc.font(BOLD).fontSize(18).fillColor(INK).text(labels.title);
  doc.moveDown(0.3).font(REGULAR).fontSize(10).fillColor(MUTED);
  const facts = [
    `${labels.patient}: ${patient.name}`,
    patient.dateOfBirth
      ? `${labels.dateOfBirth}: ${formatDay(patient.dateOfBirth, language)}`
      : null,
    `${labels.assessment}: #${patient.assessmentId}`,
    `${labels.sent}: ${day(evaluation.sentAt)}`,
  ];
  for (const fact of facts) if (fact) printText(doc, fact, REGULAR);
  if (evaluation.evaluatedBy) {
    // The dentist signs what the patient paid for: name and title, practice, day.
    doc.moveDown(0.3).font(BOLD).fillColor(INK);
    const signature = fill(labels.evaluatedBy, {
      name: evaluation.evaluatedBy,
      practice: letterhead.name,
      date: day(evaluation.sentAt),
    });
    printText(doc, signature, BOLD);
  }
  doc.moveDown(1.2);

  section(doc, labels.conclusion, evaluation.conclusion);
  section(doc, labels.findings, evaluation.findings);
  section(doc, labels.recommendations, evaluation.recommendations);
  if (evaluation.addenda.length > 0) {
    doc.font(BOLD).fontSize(12).fillColor(PRIMARY).text(labels.addenda).moveDown(0.3);
    for (const addendum of evaluation.addenda) {
      ensureSpace(doc, 40);
      doc
        .font(BOLD)
        .fontSize(10)
        .fillColor(INK)
        .text(
          addendum.author
            ? fill(labels.addendumBy, { date: day(addendum.createdAt), name: addendum.author })
            : fill(labels.addendumOf, { date: day(addendum.createdAt) }),
        );
      doc.font(REGULAR).fontSize(10.5).text(addendum.text).moveDown(0.6);
    }
    doc.moveDown(0.4);
  }
  const cta = evaluation.callToAction;
  if (cta) {
    const lines = [
      cta.bookingUrl ? fill(labels.book, { url: cta.bookingUrl }) : null,
      cta.phone ? fill(labels.call, { phone: cta.phone }) : null,
    ].filter((line): line is string => line !== null);
    section(doc, labels.nextStep, lines.join('\n'));
  }
  const { contact } = evaluation;
  const reach = [
    contact.name,
    contact.phone ? `${labels.phone}: ${contact.phone}` : null,
    contact.email ? `${labels.email}: ${contact.email}` : null,
    contact.bookingUrl ? `${labels.booking}: ${contact.bookingUrl}` : null,
  ].filter((line): line is string => line !== null);
  ensureSpace(doc, 80);
  section(doc, labels.contact, reach.join('\n'));
  ensureSpace(doc, 40);
  doc.font(REGULAR).fontSize(9).fillColor(MUTED).text(labels.disclaimer);

  writePageFooters(
    doc,
    (page, pages) => `${letterhead.name} · ${fill(labels.page, { page, pages })}`,
  );
  doc.end();
  return doc;
}
