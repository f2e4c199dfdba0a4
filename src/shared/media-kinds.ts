import type { MediaType } from './constants';

/**
 * Every file kind a photo or video may be stored as, defined once: its answer type, MIME type,
 * file extension, name and the bytes it starts with. The server trusts the bytes, never the name
 * or the declared type; the stored file is named with the kind's extension. The survey checks a
 * chosen file's bytes by the same rule before uploading it.
 */
export const MEDIA_KINDS = [
  {
    mediaType: 'photo',
    extension: 'jpg',
    mime: 'image/jpeg',
    label: 'JPEG',
    magic: { at: 0, bytes: [0xff, 0xd8, 0xff] },
  },
  {
    mediaType: 'photo',
    extension: 'png',
    mime: 'image/png',
    label: 'PNG',
    magic: { at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  },
  // WebM is Matroska: its EBML header.
  {
    mediaType: 'video',
    extension: 'webm',
    mime: 'video/webm',
    label: 'WebM',
    magic: { at: 0, bytes: [0x1a, 0x45, 0xdf, 0xa3] },
  },
  // MP4 (ISO base media): the "ftyp" box after the box size.
  {
    mediaType: 'video',
    extension: 'mp4',
    mime: 'video/mp4',
    label: 'MP4',
    magic: { at: 4, bytes: [0x66, 0x74, 0x79, 0x70] },
  },
] as const satisfies readonly {
  mediaType: MediaType;
  extension: string;
  mime: string;
  /** The format's name as patients know it. */
  label: string;
  magic: { at: number; bytes: readonly number[] };
}[];

export type MediaKind = (typeof MEDIA_KINDS)[number];
export type MediaExtension = MediaKind['extension'];

/** Bytes needed to recognise every kind. */
export const SNIFF_BYTES = Math.max(...MEDIA_KINDS.map((k) => k.magic.at + k.magic.bytes.length));

/** What the first bytes of a file say it is, or null for anything else. */
export function sniffMediaKind(head: Uint8Array): MediaKind | null {
  return (
    MEDIA_KINDS.find(({ magic }) => magic.bytes.every((byte, i) => head[magic.at + i] === byte)) ??
    null
  );
}

/** The kinds a photo or a video may be: the browser refuses any other file before uploading it. */
export const kindsOf = (mediaType: MediaType): MediaKind[] =>
  MEDIA_KINDS.filter((kind) => kind.mediaType === mediaType);

export const kindOfExtension = (extension: string): MediaKind | undefined =>
  MEDIA_KINDS.find((kind) => kind.extension === extension);

/**
 * The one path rule: a stored file is "media/<uuid>.<extension>", named by the server. Answers
 * and uploads refer to files by this path; nothing else is a media path.
 */
export const MEDIA_PATH_PATTERN = new RegExp(
  `^media/[0-9a-f-]{36}\\.(${MEDIA_KINDS.map((k) => k.extension).join('|')})$`,
);

/** The file name of a media path (what follows "media/"). */
export const mediaFileName = (path: string) => path.slice('media/'.length);
