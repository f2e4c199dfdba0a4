// The npm packages the built server loads at run time rather than carrying in its bundle: each
// reads files of its own next to its code (PGlite's WebAssembly and data, PDFKit's font metrics,
// the Noto Sans font files, Swagger UI's page assets, pino's worker for a log transport such as
// pino-pretty in development). The release ships them (and what they
// need) in node_modules; everything else the server uses is in dist/server.
export const RUNTIME_PACKAGES = [
  '@electric-sql/pglite',
  '@expo-google-fonts/noto-sans',
  '@fastify/swagger-ui',
  'pdfkit',
  'pino',
];

/** Loaded only when present: pg's native driver, and the development log printer. */
export const OPTIONAL_PACKAGES = ['pg-native', 'pino-pretty'];
