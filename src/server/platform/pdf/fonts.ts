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
