import { MUTED } from '../../server/platform/pdf/pdf-kit';
import { writeAnswerBlock } from '../report.server';
import { mediaAnswerServer } from '../media-answer.server';
import { captureCheckLine } from '../media-capture/pose-check/report-line';

/** A video cannot be printed: the report says whether there is one to watch. */
export const videoServer = mediaAnswerServer('video', async (run, context) => {
  for (const item of run) {
    const path = item.answer.mediaPath;
    const { labels } = context;
    const line = !path
      ? labels.noAnswer
      : (await context.mediaAvailable(path))
        ? labels.videoRecorded
        : labels.videoMissing;
    const check = captureCheckLine(item.answer.value, labels);
    await writeAnswerBlock(context, item, 60, () => {
      context.doc.fillColor(MUTED).text(check ? `${line} ${check}` : line);
    });
  }
});
