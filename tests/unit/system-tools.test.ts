import { afterEach, describe, expect, it } from 'vitest';
import { assertSystemPrograms } from '../setup/system-tools';

describe('the test command on a machine without the system programs', () => {
  const path = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path;
  });

  it('stops with one sentence naming what to install', () => {
    process.env.PATH = '/nonexistent';
    expect(() => assertSystemPrograms(false)).toThrow(
      'The tests need pdftotext, pdftoppm, unzip, which this machine lacks: install them with `apt-get install -y poppler-utils unzip`',
    );
  });

  it('names ffmpeg too for the browser tests, whose fake camera plays clips made with it', () => {
    process.env.PATH = '/nonexistent';
    expect(() => assertSystemPrograms(true)).toThrow(
      'The tests need pdftotext, pdftoppm, unzip, ffmpeg, which this machine lacks: install them with `apt-get install -y poppler-utils unzip ffmpeg`',
    );
  });

  it('passes where they are installed', () => {
    expect(() => assertSystemPrograms(true)).not.toThrow();
  });
});
