import { MUTED, writeAnswerBlock } from '../../server/modules/review/report-kit';
import { mediaAnswerServer } from '../media-answer.server';

/** A video cannot be printed: the report says whether there is one to watch. */
export const videoServer = mediaAnswerServer('video', async (run, context) => {
  for (const item of run) {
    await writeAnswerBlock(context, item, 60, () => {
      const { labels } = context;
      context.doc
        .fillColor(MUTED)
        .text(item.answer.mediaPath ? labels.videoRecorded : labels.noAnswer);
    });
  }
});
