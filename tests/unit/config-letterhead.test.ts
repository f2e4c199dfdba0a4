import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseEnv } from '../../src/server/platform/config';
import { writeLogo } from '../helpers/practice-logo';

describe('the letterhead and reminder settings', () => {
  it('reads the practice details, the address split into lines', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cmd-letterhead-'));
    const config = await loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      PRACTICE_NAME: 'Praxis Dr. Muster',
      PRACTICE_ADDRESS: 'Hauptstraße 1 | 10115 Berlin',
      PRACTICE_PHONE: '+49 30 1234567',
      PRACTICE_LOGO: await writeLogo(join(dir, 'logo.png')),
      PRACTICE_BOOKING_URL: 'https://praxis.example/termin',
      REMINDER_AFTER_DAYS: '5',
    });
    expect(config.letterhead).toEqual({
      name: 'Praxis Dr. Muster',
      addressLines: ['Hauptstraße 1', '10115 Berlin'],
      phone: '+49 30 1234567',
      email: undefined,
      logoPath: join(dir, 'logo.png'),
      bookingUrl: 'https://praxis.example/termin',
    });
    expect(config.reminderAfterDays).toBe(5);
  });

  it('defaults to three days', () => {
    const env = parseEnv({});
    expect(env.REMINDER_AFTER_DAYS).toBe(3);
    expect(env.PRACTICE_NAME).toBeUndefined();
  });

  it('stops the start on a logo that is not a PNG or JPEG, or a bad reminder delay', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cmd-letterhead-'));
    await writeFile(join(dir, 'logo.svg'), '<svg/>');
    await expect(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, PRACTICE_LOGO: join(dir, 'logo.svg') }),
    ).rejects.toThrow(/PRACTICE_LOGO: .* is not a readable PNG or JPEG file/);
    await expect(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, PRACTICE_LOGO: join(dir, 'missing.png') }),
    ).rejects.toThrow(/PRACTICE_LOGO/);
    expect(() => parseEnv({ REMINDER_AFTER_DAYS: '0' })).toThrow(/REMINDER_AFTER_DAYS/);
    expect(() => parseEnv({ PRACTICE_BOOKING_URL: 'not a url' })).toThrow(/PRACTICE_BOOKING_URL/);
  });
});
