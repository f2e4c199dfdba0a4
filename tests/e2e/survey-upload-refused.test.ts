import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertPatientAtFirst } from '../helpers/admin-seed';
import { PHONE } from '../helpers/browser';
import { useE2e } from '../helpers/e2e-fixture';
import { makeSampleMedia } from '../helpers/sample-media';
import { keptOnDevice, LABELS, shot, signIn, type Lang } from '../helpers/survey-browser';

/**
 * A photo the product cannot take is refused, not kept: a chosen file of another type before
 * any upload, and a recording the server refuses for good (415, 413) is given up at once and
 * never offered or sent again, also after a reload.
 */

const TEXT = {
  en: {
    chooseFile: 'Choose a file instead',
    title: 'The photo could not be uploaded.',
    wrongFile: 'This file is not a supported photo (JPEG, PNG). Please choose another file.',
    serverWrongKind: 'This file is not a supported photo (JPEG, PNG) or video (WebM, MP4).',
    resume: 'Resume upload',
  },
  de: {
    chooseFile: 'Stattdessen eine Datei wählen',
    title: 'Das Foto konnte nicht hochgeladen werden.',
    wrongFile:
      'Diese Datei ist kein unterstütztes Foto (JPEG, PNG). Bitte wählen Sie eine andere Datei.',
    serverWrongKind: 'Diese Datei ist kein unterstütztes Foto (JPEG, PNG) oder Video (WebM, MP4).',
    resume: 'Hochladen fortsetzen',
  },
};
const TEXT_BYTES = Buffer.from('Notes for the dentist: the left side hurts when I chew.\n');

const e2e = useE2e({
  seed: async ({ db }) => {
    const patient = async (email: string, language: Lang) =>
      (await insertPatientAtFirst(db, 'photo', { email, language })).code;
    const files = await makeSampleMedia(e2e.browser);
    return {
      files,
      chosen: {
        en: await patient('txt-en@example.org', 'en'),
        de: await patient('txt-de@example.org', 'de'),
      },
      kept: await patient('kept-txt@example.org', 'en'),
      tooLarge: await patient('too-large@example.org', 'en'),
    };
  },
});

/** Every request the page sends that uploads a photo or video. */
function uploadRequests(context: BrowserContext): string[] {
  const sent: string[] = [];
  context.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/survey/uploads') || path === '/api/survey/media') {
      sent.push(`${request.method()} ${path}`);
    }
  });
  return sent;
}

async function choose(
  page: Page,
  language: Lang,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: TEXT[language].chooseFile }).click(),
  ]);
  // The picker offers images; "All files" still gets around it.
  expect(await chooser.element().getAttribute('accept')).toBe('image/*');
  await chooser.setFiles(file);
}

/** A picture in WebP, a format the browser reads and the server does not store as it is. */
async function webpPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#c96';
    context.fillRect(0, 0, 320, 240);
    context.fillStyle = '#fff';
    context.fillRect(100, 60, 120, 120);
    return canvas.toDataURL('image/webp', 0.9).split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

/** The refusal that names `reason`, as the patient reads it (title, reason, anything more). */
async function refusal(page: Page, reason: RegExp): Promise<string> {
  const alert = page.getByRole('alert').filter({ hasText: reason });
  await alert.waitFor({ timeout: 20_000 });
  return alert.innerText();
}

async function newPhonePage(language: Lang): Promise<{ page: Page; sent: string[] }> {
  const context = await e2e.newContext({
    viewport: PHONE,
    locale: language === 'de' ? 'de-DE' : 'en-US',
  });
  return { page: await context.newPage(), sent: uploadRequests(context) };
}

describe('a photo the product cannot take', () => {
  for (const language of ['en', 'de'] as const) {
    it(`refuses a chosen text file before any upload, keeps nothing, and the next file is taken (${language})`, async () => {
      const L = LABELS[language];
      const { page, sent } = await newPhonePage(language);
      await signIn(page, L, e2e.seeded.chosen[language]);

      await choose(page, language, {
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: TEXT_BYTES,
      });
      expect(await refusal(page, /not a supported photo|kein unterstütztes Foto/)).toBe(
        `${TEXT[language].title}\n${TEXT[language].wrongFile}`,
      );
      // No broken preview, no offer to resume: the camera and the picker are there at once.
      expect(await page.getByTestId('media-photo').count()).toBe(0);
      expect(await page.getByRole('button', { name: TEXT[language].resume }).count()).toBe(0);
      await page.getByRole('button', { name: TEXT[language].chooseFile }).waitFor();
      await page.waitForTimeout(400);
      await shot(page, `survey-${language}-390-chosen-file-refused`);

      // Named like a photo, the text is still text: refused by its bytes, as the server would.
      await choose(page, language, {
        name: 'IMG_0042.jpg',
        mimeType: 'image/jpeg',
        buffer: TEXT_BYTES,
      });
      await page.getByRole('alert').getByText(TEXT[language].wrongFile).waitFor();
      expect(sent).toEqual([]);
      expect(await keptOnDevice(page)).toEqual({ recordings: 0, addresses: 0 });

      await page.reload();
      await page
        .getByRole('button', { name: TEXT[language].chooseFile })
        .waitFor({ timeout: 20_000 });
      await page.waitForTimeout(1000);
      expect(await page.getByTestId('upload-restored').count()).toBe(0);
      expect(await page.getByRole('button', { name: TEXT[language].resume }).count()).toBe(0);
      expect(sent).toEqual([]);

      // A real photo is taken as before; one the server would not store as it is (WebP) too,
      // as the browser reads it and redraws it as a JPEG.
      await choose(
        page,
        language,
        language === 'en'
          ? { name: 'IMG_0043.jpg', mimeType: 'image/jpeg', buffer: e2e.seeded.files.photo }
          : { name: 'Bild.webp', mimeType: 'image/webp', buffer: await webpPhoto(page) },
      );
      await page.getByText(L.photoUploaded).waitFor({ timeout: 20_000 });
      expect(await page.getByRole('alert').filter({ hasText: TEXT[language].title }).count()).toBe(
        0,
      );
    }, 120_000);
  }

  it('a kept recording the server refuses as not a photo (415) is given up, not offered again after a reload', async () => {
    const L = LABELS.en;
    const { page, sent } = await newPhonePage('en');
    await signIn(page, L, e2e.seeded.kept);
    await page.getByRole('button', { name: TEXT.en.chooseFile }).waitFor();
    // What an earlier version kept of a chosen text file: it was sent again on every visit.
    await page.evaluate(async (text) => {
      const token = localStorage.getItem('auth_token')!;
      const claims = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
      const { acid } = JSON.parse(atob(claims)) as { acid: number };
      const survey = (await (
        await fetch('/api/survey/questions', { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { id: number; questionType: string }[];
      const question = survey.find((q) => q.questionType === 'photo')!;
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('cmd-pending-media', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('recordings');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const put = open.result
            .transaction('recordings', 'readwrite')
            .objectStore('recordings')
            .put(
              { blob: new Blob([text], { type: 'text/plain' }), filename: 'notes.txt', savedAt: 1 },
              `${acid}:${question.id}`,
            );
          put.onsuccess = () => {
            open.result.close();
            resolve();
          };
          put.onerror = () => reject(put.error);
        };
      });
    }, TEXT_BYTES.toString());
    expect(await keptOnDevice(page)).toEqual({ recordings: 1, addresses: 0 });

    await page.reload();
    expect(await refusal(page, /not a supported photo/)).toBe(
      `${TEXT.en.title}\n${TEXT.en.serverWrongKind}`,
    );
    expect(sent.some((r) => r.startsWith('PATCH'))).toBe(true);
    expect(await page.getByRole('button', { name: TEXT.en.resume }).count()).toBe(0);
    expect(await page.getByTestId('media-photo').count()).toBe(0);
    await page.getByRole('button', { name: TEXT.en.chooseFile }).waitFor();
    expect(await keptOnDevice(page)).toEqual({ recordings: 0, addresses: 0 });

    sent.length = 0;
    await page.reload();
    await page.getByRole('button', { name: TEXT.en.chooseFile }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1000);
    expect(await page.getByTestId('upload-restored').count()).toBe(0);
    expect(await page.getByRole('button', { name: TEXT.en.resume }).count()).toBe(0);
    expect(sent).toEqual([]);
  }, 120_000);

  it('a photo the server refuses as too large (413) is not kept on the device and not sent again', async () => {
    const L = LABELS.en;
    const { page, sent } = await newPhonePage('en');
    await signIn(page, L, e2e.seeded.tooLarge);
    const tooLarge = 'The file is too large. Please record a shorter video.';
    await page.route('**/api/survey/uploads', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 413,
            contentType: 'application/json',
            body: JSON.stringify({ message: tooLarge }),
          })
        : route.fallback(),
    );
    await choose(page, 'en', {
      name: 'IMG_0044.jpg',
      mimeType: 'image/jpeg',
      buffer: e2e.seeded.files.photo,
    });
    expect(await refusal(page, /too large/)).toBe(`${TEXT.en.title}\n${tooLarge}`);
    expect(await page.getByRole('button', { name: TEXT.en.resume }).count()).toBe(0);
    expect(await keptOnDevice(page)).toEqual({ recordings: 0, addresses: 0 });

    await page.unroute('**/api/survey/uploads');
    sent.length = 0;
    await page.reload();
    await page.getByRole('button', { name: TEXT.en.chooseFile }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1000);
    expect(await page.getByRole('button', { name: TEXT.en.resume }).count()).toBe(0);
    expect(sent).toEqual([]);
  }, 120_000);
});
