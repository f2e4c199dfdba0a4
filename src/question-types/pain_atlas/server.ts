import { drawBody } from '../body-drawing.server';
import { COLORS, ensureSpace, MUTED } from '../../server/platform/pdf/pdf-kit';
import { writeAnswerBlock } from '../report.server';
import { fill } from '../../server/platform/i18n/fill';
import { SKIPPED, type QuestionTypeServer } from '../server-type';

const POINT_COLORS = { light: COLORS.green, medium: COLORS.amber, strong: COLORS.red };

/** Points on the front body diagram, drawn in their intensity's colour and listed. */
export const painAtlasServer: QuestionTypeServer<'pain_atlas'> = {
  type: 'pain_atlas',
  toStored: async (answer) => ({ ...SKIPPED, value: { painPoints: answer.painPoints ?? [] } }),
  csvCells: ({ answer }) => ({
    pain_points: answer.painPoints?.length ? answer.painPoints : null,
  }),
  async writeReport(run, context) {
    const { doc, labels } = context;
    for (const item of run) {
      await writeAnswerBlock(context, item, 300, () => {
        const points = item.answer.painPoints ?? [];
        const left = doc.page.margins.left;
        doc.text(fill(labels.painPoints, { count: points.length }));
        ensureSpace(doc, 230);
        const top = doc.y + 4;
        drawBody(
          doc,
          { x: left, y: top, width: 110, height: 220 },
          'front',
          points.map((p) => ({ x: p.x, y: p.y, color: POINT_COLORS[p.intensity] })),
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
      });
    }
  },
};
