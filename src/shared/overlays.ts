/** Camera pose guides (SPEC section 3 "Overlay guide"); images live in the client's public/overlays. */

export const OVERLAY_IDS = [
  'none',
  'face-guide',
  'teeth-guide',
  'look-left',
  'look-right',
  'look-up',
  'look-down',
  'profile-left',
  'profile-right',
] as const;
export type OverlayId = (typeof OVERLAY_IDS)[number];

export const OVERLAY_CATEGORIES = ['face', 'teeth', 'directional', 'profile'] as const;
export type OverlayCategory = (typeof OVERLAY_CATEGORIES)[number];

export interface OverlayGuide {
  id: OverlayId;
  /** i18n key under "overlays.<key>.name|description|instructions" */
  key: string;
  filename: string | null;
  category: OverlayCategory | null;
}

export const OVERLAY_GUIDES: readonly OverlayGuide[] = [
  { id: 'none', key: 'none', filename: null, category: null },
  { id: 'face-guide', key: 'face', filename: 'face-guide.svg', category: 'face' },
  { id: 'teeth-guide', key: 'teeth', filename: 'teeth-guide.svg', category: 'teeth' },
  { id: 'look-left', key: 'lookLeft', filename: 'look-left.svg', category: 'directional' },
  { id: 'look-right', key: 'lookRight', filename: 'look-right.svg', category: 'directional' },
  { id: 'look-up', key: 'lookUp', filename: 'look-up.svg', category: 'directional' },
  { id: 'look-down', key: 'lookDown', filename: 'look-down.svg', category: 'directional' },
  { id: 'profile-left', key: 'profileLeft', filename: 'profile-left.svg', category: 'profile' },
  { id: 'profile-right', key: 'profileRight', filename: 'profile-right.svg', category: 'profile' },
];

export function findOverlayGuide(id: string | null | undefined): OverlayGuide | undefined {
  return OVERLAY_GUIDES.find((guide) => guide.id === id);
}

/**
 * Picks a guide from the question text when a question has none set (SPEC section 9):
 * teeth terms, then look directions, then profiles, otherwise the face guide.
 */
export function overlayForQuestionText(text: string): OverlayId {
  const t = text.toLowerCase();
  if (/\b(teeth|tooth|dental|bite|zähne|zahn|gebiss|biss)/.test(t)) return 'teeth-guide';
  const look: [RegExp, OverlayId][] = [
    [/look(ing)?\s+(to\s+the\s+)?left|nach\s+links/, 'look-left'],
    [/look(ing)?\s+(to\s+the\s+)?right|nach\s+rechts/, 'look-right'],
    [/look(ing)?\s+up|nach\s+oben/, 'look-up'],
    [/look(ing)?\s+down|nach\s+unten/, 'look-down'],
  ];
  for (const [pattern, id] of look) if (pattern.test(t)) return id;
  if (/profil/.test(t)) {
    if (/left|link/.test(t)) return 'profile-left';
    if (/right|recht/.test(t)) return 'profile-right';
  }
  return 'face-guide';
}
