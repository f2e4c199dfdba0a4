import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Noto Sans from a registry package: Latin with its extensions (Polish, Turkish, Czech ...), Greek
 * and Cyrillic, which the PDF standard fonts (Helvetica, Western European only) cannot print.
 * PDFKit embeds only the glyphs a report uses.
 */
export const PDF_FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

/**
 * The scripts Noto Sans lacks, each from its own registry package (script-runs.ts picks one per
 * run of text): Arabic and Hebrew (right to left, shaped by fontkit from the fonts' own tables),
 * Chinese and Japanese (Noto Sans SC has Han and kana), Korean, and monochrome emoji so a smiley
 * in a name prints as a smiley. Each is embedded, subset, only in a document that uses it.
 */
export const FALLBACK_FONTS = {
  arabic:
    require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'),
  hebrew:
    require.resolve('@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-400-normal.woff'),
  han: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  hangul: require.resolve('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf'),
  emoji: require.resolve('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf'),
} as const;

export type FallbackScript = keyof typeof FALLBACK_FONTS;
