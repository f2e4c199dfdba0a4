import type PDFDocument from 'pdfkit';
import type { BodyView } from '../shared/symptoms';

export interface Dot {
  x: number;
  y: number;
  color: string;
}

type Doc = InstanceType<typeof PDFDocument>;

const SKIN = '#e6ebf2';
const OUTLINE = '#9aa7b8';

/**
 * A simple body outline for the case report; dots are placed by the same fractions of width and
 * height as in the browser's diagrams.
 */
export function drawBody(
  doc: Doc,
  box: { x: number; y: number; width: number; height: number },
  view: BodyView,
  dots: Dot[],
): void {
  const px = (fx: number) => box.x + fx * box.width;
  const py = (fy: number) => box.y + fy * box.height;
  doc.save();
  doc.lineWidth(1).strokeColor(OUTLINE).fillColor(SKIN);
  if (view === 'front') {
    doc.ellipse(px(0.5), py(0.07), box.width * 0.09, box.height * 0.055).fillAndStroke();
    doc.rect(px(0.46), py(0.12), box.width * 0.08, box.height * 0.035).fillAndStroke();
    doc.roundedRect(px(0.33), py(0.155), box.width * 0.34, box.height * 0.35, 6).fillAndStroke();
    const limb = (points: [number, number][]) => {
      doc
        .lineWidth(box.width * 0.07)
        .lineCap('round')
        .strokeColor(SKIN);
      doc.moveTo(px(points[0]![0]), py(points[0]![1]));
      for (const [fx, fy] of points.slice(1)) doc.lineTo(px(fx), py(fy));
      doc.stroke();
    };
    limb([
      [0.31, 0.18],
      [0.22, 0.34],
      [0.17, 0.5],
    ]);
    limb([
      [0.69, 0.18],
      [0.78, 0.34],
      [0.83, 0.5],
    ]);
    limb([
      [0.43, 0.5],
      [0.43, 0.72],
      [0.42, 0.95],
    ]);
    limb([
      [0.57, 0.5],
      [0.57, 0.72],
      [0.58, 0.95],
    ]);
  } else {
    doc.ellipse(px(0.55), py(0.085), box.width * 0.12, box.height * 0.065).fillAndStroke();
    doc.rect(px(0.46), py(0.14), box.width * 0.12, box.height * 0.04).fillAndStroke();
    doc.roundedRect(px(0.38), py(0.175), box.width * 0.26, box.height * 0.33, 8).fillAndStroke();
    doc
      .lineWidth(box.width * 0.08)
      .lineCap('round')
      .strokeColor(SKIN);
    doc.moveTo(px(0.5), py(0.2)).lineTo(px(0.52), py(0.36)).lineTo(px(0.56), py(0.5)).stroke();
    doc.moveTo(px(0.48), py(0.5)).lineTo(px(0.5), py(0.73)).lineTo(px(0.48), py(0.95)).stroke();
  }
  for (const dot of dots) {
    doc.lineWidth(1).strokeColor('#ffffff').fillColor(dot.color);
    doc.circle(px(dot.x), py(dot.y), Math.max(3.5, box.width * 0.035)).fillAndStroke();
  }
  doc.restore();
}
