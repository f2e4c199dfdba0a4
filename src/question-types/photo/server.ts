import { BOLD, ensureSpace, INK, MUTED, REGULAR } from '../../server/platform/pdf/pdf-kit';
import { questionTextOf } from '../report.server';
import { mediaAnswerServer } from '../media-answer.server';
import { captureCheckLine } from '../media-capture/pose-check/report-line';

const COLUMNS = 3;
const GAP = 14;

/**
 * Consecutive photos side by side, three a row, each under its question, so the stills of one
 * assessment take a page or two instead of one page per three photos.
 */
export const photoServer = mediaAnswerServer('photo', async (run, context) => {
  const { doc, labels, language } = context;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const cell = (width - GAP * (COLUMNS - 1)) / COLUMNS;
  const images = await Promise.all(
    run.map(({ answer }) => (answer.mediaPath ? context.readMedia(answer.mediaPath) : null)),
  );
  for (let start = 0; start < run.length; start += COLUMNS) {
    const row = run.slice(start, start + COLUMNS);
    doc.font(BOLD).fontSize(9);
    const captionHeight = Math.max(
      ...row.map((item) => doc.heightOfString(questionTextOf(item, language), { width: cell })),
    );
    // The capture check's verdict and angles, under each photo (issue 31).
    const checks = row.map(({ answer }) => captureCheckLine(answer.value, labels));
    const checkHeight = checks.some(Boolean) ? 22 : 0;
    ensureSpace(doc, captionHeight + cell + 20 + checkHeight);
    const top = doc.y;
    row.forEach((item, i) => {
      const x = left + i * (cell + GAP);
      doc
        .font(BOLD)
        .fontSize(9)
        .fillColor(INK)
        .text(questionTextOf(item, language), x, top, { width: cell });
      const image = images[start + i];
      const imageTop = top + captionHeight + 4;
      const check = checks[i];
      if (check) {
        doc
          .font(REGULAR)
          .fontSize(8)
          .fillColor(MUTED)
          .text(check, x, imageTop + cell + 3, { width: cell });
      }
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
    doc.y = top + captionHeight + 4 + cell + 14 + checkHeight;
  }
  doc.fillColor(INK).font(REGULAR).fontSize(10);
});
