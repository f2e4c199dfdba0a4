import { SYMPTOM_LABELS } from '../../shared/symptom-labels';
import { SYMPTOM_POSITIONS, SYMPTOM_STACK_OFFSET, symptomColor } from '../../shared/symptoms';
import { invalid } from '../../server/platform/errors';
import { drawBody, type Dot } from '../body-drawing.server';
import { COLORS, ensureSpace, INK, MUTED } from '../../server/platform/pdf/pdf-kit';
import { writeAnswerBlock } from '../report.server';
import { fill } from '../../server/platform/i18n/fill';
import { SKIPPED, type QuestionTypeServer } from '../server-type';
import { hasDuplicateSymptom, type SymptomEntry } from './shared';

/** Where the complaints sit on the front and side views, stacked when they share a spot. */
function symptomDots(symptoms: readonly SymptomEntry[]): Record<'front' | 'side', Dot[]> {
  const dots: Record<'front' | 'side', Dot[]> = { front: [], side: [] };
  const seen = new Map<string, number>();
  for (const symptom of symptoms) {
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

/** Complaints with frequency, trigger and intensity, listed and drawn on two body views. */
export const painSymptomsServer: QuestionTypeServer<'pain_symptoms'> = {
  type: 'pain_symptoms',
  async toStored(answer) {
    const symptoms = answer.symptoms ?? [];
    if (hasDuplicateSymptom(symptoms)) throw invalid('survey.duplicateSymptom');
    return { ...SKIPPED, value: { symptoms } };
  },
  csvCells: ({ answer }) => ({ symptoms: answer.symptoms?.length ? answer.symptoms : null }),
  async writeReport(run, context) {
    const { doc, labels, language } = context;
    const names = SYMPTOM_LABELS[language];
    for (const item of run) {
      await writeAnswerBlock(context, item, 300, () => {
        const symptoms = item.answer.symptoms ?? [];
        const left = doc.page.margins.left;
        doc.text(fill(labels.symptomsRecorded, { count: symptoms.length }));
        for (const s of symptoms) {
          // A dot drawn in the intensity colour says how strong the symptom is at a glance.
          doc.fontSize(9.5);
          doc.circle(left + 4, doc.y + 5, 3.5).fill(COLORS[symptomColor(s.intensity)]);
          doc
            .fillColor(INK)
            .text(
              `${names.names[s.name]}: ${names.frequencies[s.frequency]}, ${names.triggers[s.trigger]}, ${names.intensities[s.intensity]}`,
              left + 14,
            );
        }
        doc.x = left;
        if (symptoms.length === 0) return;
        ensureSpace(doc, 240);
        const top = doc.y + 6;
        const dots = symptomDots(symptoms);
        drawBody(doc, { x: left, y: top, width: 110, height: 220 }, 'front', dots.front);
        drawBody(doc, { x: left + 150, y: top, width: 110, height: 220 }, 'side', dots.side);
        doc.fontSize(8).fillColor(MUTED);
        doc.text(labels.front, left, top + 222, { width: 110, align: 'center' });
        doc.text(labels.side, left + 150, top + 222, { width: 110, align: 'center' });
        doc.x = left;
        doc.y = top + 236;
      });
    }
  },
};
