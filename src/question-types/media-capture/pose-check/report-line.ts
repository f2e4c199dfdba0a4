import { captureCheckOf } from '../../../shared/contracts/capture-check';
import type { AnswerReportLabels } from '../../server-type';

/**
 * The case report's line for a photo's or video's capture check (issue 31): the verdict and the
 * head angles; null when the answer has no check.
 */
export function captureCheckLine(value: unknown, labels: AnswerReportLabels): string | null {
  const check = captureCheckOf(value);
  if (!check) return null;
  const verdict = check.confirmed ? labels.poseConfirmed : labels.poseNotConfirmed;
  if (check.yaw === null || check.pitch === null || check.roll === null) return verdict;
  const angles = labels.poseAngles
    .replace('{{yaw}}', String(Math.round(check.yaw)))
    .replace('{{pitch}}', String(Math.round(check.pitch)))
    .replace('{{roll}}', String(Math.round(check.roll)));
  return `${verdict} (${angles})`;
}
