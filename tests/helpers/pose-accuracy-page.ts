import { loadFaceDetector } from '../../src/question-types/media-capture/pose-check/detector';

/**
 * Browser side of the capture check's accuracy test, bundled by the test with esbuild: places a
 * labelled face in a camera-sized frame and measures it with the product's own detector, on the
 * model files the product serves.
 */

export interface Placement {
  /** The face picture's side relative to the frame's height. */
  side: number;
  /** Degrees, clockwise. */
  rotate: number;
  mirror: boolean;
  /** Horizontal offset of the picture's centre relative to the frame's height. */
  shift: number;
}

const WIDTH = 640;
const HEIGHT = 480;

function frame(): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  return { canvas, context };
}

async function measure(dataUrl: string | null, placement: Placement) {
  const detector = await loadFaceDetector();
  // A black frame first: the library reuses the last face box while the picture's checksum
  // barely changes (a mirrored face has the same one); a black frame always resets it.
  await detector.detect(frame().canvas);
  const { canvas, context } = frame();
  context.fillStyle = '#808080';
  context.fillRect(0, 0, WIDTH, HEIGHT);
  if (dataUrl) {
    const image = new Image();
    image.src = dataUrl;
    await image.decode();
    const side = placement.side * HEIGHT;
    context.translate(WIDTH / 2 + placement.shift * HEIGHT, HEIGHT / 2);
    context.rotate((placement.rotate * Math.PI) / 180);
    context.scale(placement.mirror ? -1 : 1, 1);
    context.drawImage(image, -side / 2, -side / 2, side, side);
  }
  const started = performance.now();
  const measures = await detector.detect(canvas);
  return { measures, ms: performance.now() - started };
}

Object.assign(window, { poseAccuracy: { measure } });
