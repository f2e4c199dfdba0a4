import type { Browser } from 'playwright-core';

/**
 * A real small JPEG and WebM video made by Chromium itself (canvas and MediaRecorder), so the
 * responses page is tested with files a browser can actually show and play.
 */
export async function makeSampleMedia(browser: Browser): Promise<{ photo: Buffer; video: Buffer }> {
  const page = await browser.newPage();
  try {
    const { photo, video } = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 240;
      const ctx = canvas.getContext('2d')!;
      const draw = (frame: number) => {
        ctx.fillStyle = '#1565c0';
        ctx.fillRect(0, 0, 320, 240);
        ctx.fillStyle = '#ffffff';
        ctx.beginPath();
        ctx.arc(60 + ((frame * 8) % 200), 120, 30, 0, Math.PI * 2);
        ctx.fill();
      };
      draw(0);
      const photoUrl = canvas.toDataURL('image/jpeg', 0.9);

      const stream = canvas.captureStream(25);
      const recorder = new MediaRecorder(stream, { mimeType: 'video/webm' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start(100);
      for (let frame = 1; frame <= 40; frame++) {
        draw(frame);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      recorder.stop();
      await stopped;
      const videoBytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let binary = '';
      for (const byte of videoBytes) binary += String.fromCharCode(byte);
      return { photo: photoUrl.split(',')[1]!, video: btoa(binary) };
    });
    return { photo: Buffer.from(photo, 'base64'), video: Buffer.from(video, 'base64') };
  } finally {
    await page.close();
  }
}
