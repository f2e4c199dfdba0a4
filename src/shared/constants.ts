/** Business constants defined once for the server and the browser (SPEC section 9). */

export const ASSESSMENT_PRICE_CENTS = 9900;
export const CURRENCY = 'eur';

/** The legal texts with a page of their own (the privacy notice is the privacy module's). */
export const LEGAL_PAGES = ['imprint', 'terms', 'withdrawal'] as const;

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Database id of German translations; English is the base text of a question or option. */
export const GERMAN_LANGUAGE_ID = 2;

export const QUESTION_TYPES = [
  'text',
  'multiple_choice',
  'photo',
  'video',
  'pain_atlas',
  'pain_symptoms',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const MEDIA_TYPES = ['photo', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const PAIN_POINT_INTENSITIES = ['light', 'medium', 'strong'] as const;
export type PainPointIntensity = (typeof PAIN_POINT_INTENSITIES)[number];

export const SYMPTOM_INTENSITIES = ['leicht', 'mittel', 'stark'] as const;
export type SymptomIntensity = (typeof SYMPTOM_INTENSITIES)[number];

export const SYMPTOM_FREQUENCIES = ['monthly', 'weekly', 'multipleWeekly', 'constant'] as const;
export type SymptomFrequency = (typeof SYMPTOM_FREQUENCIES)[number];

export const SYMPTOM_TRIGGERS = ['stress', 'sport', 'hormonal', 'other'] as const;
export type SymptomTrigger = (typeof SYMPTOM_TRIGGERS)[number];

export const PROMO_CODE_STATUSES = ['active', 'redeemed', 'expired', 'deleted'] as const;
export type PromoCodeStatus = (typeof PROMO_CODE_STATUSES)[number];
/** Statuses an administrator may choose; "redeemed" is only ever set by a redemption. */
export const EDITABLE_PROMO_CODE_STATUSES = ['active', 'expired', 'deleted'] as const;

export const ASSESSMENT_STATUSES = ['in_progress', 'submitted', 'in_review', 'evaluated'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

/** Survey progress shows dots above this many questions, at most MAX_PROGRESS_DOTS of them. */
export const DOT_PROGRESS_THRESHOLD = 8;
export const MAX_PROGRESS_DOTS = 15;
export const STEP_LABEL_MAX_LENGTH = 60;

/** Local storage keys shared by the browser features (SPEC section 3 "Other"). */
/**
 * Why a session no longer stands, on every 401 of a signed-in call (and on a sign-in with a code
 * that no longer opens anything): the browser signs out and says which of these happened.
 */
export const SESSION_END_REASONS = [
  'expired',
  'signed_out',
  'code_replaced',
  'refunded',
  'erased',
  'not_admin',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export const STORAGE_KEYS = {
  authToken: 'auth_token',
  user: 'user',
  pendingUserInfo: 'pending_user_info',
  appliedCouponCode: 'applied_coupon_code',
  /** Why this tab's session ended (its 401's reason), until the paywall has said so. */
  sessionEnded: 'session_ended',
} as const;

export function normalizeLanguage(value: string | null | undefined): Language {
  return value?.toLowerCase().startsWith('de') ? 'de' : 'en';
}

/** Price minus discount, floored at 0; the server computes every charged amount with this. */
export function totalAfterDiscount(discountCents: number): number {
  return Math.max(0, ASSESSMENT_PRICE_CENTS - Math.max(0, discountCents));
}

/**
 * Video recording limits (README "Limits"). A question's maximum length is set by the practice
 * within these bounds; the recorder's bitrate cap keeps a recording of the default length far
 * below about 50 MB on every platform.
 */
export const RECORDING_SECONDS = { default: 60, min: 5, max: 300 } as const;
export const VIDEO_BITS_PER_SECOND = 2_500_000;
export const AUDIO_BITS_PER_SECOND = 128_000;

/**
 * Bytes per PATCH of a resumable upload from the browser. A cut costs little either way (the
 * server keeps what arrived of a part, and progress is reported within one); larger parts mean
 * fewer requests and a disk store's one fsync per part rather than per MiB.
 */
export const RESUMABLE_PART_BYTES = 8 * 1024 * 1024;
