/**
 * A header button on a phone: its label stands under the icon (an icon alone says nothing to
 * most people), small enough for the patient's downloads and erasure to fit beside the logo.
 */
export const PHONE_HEADER_BUTTON_SX = {
  flexDirection: 'column',
  minWidth: 0,
  px: 0.75,
  py: 0.25,
  lineHeight: 1.1,
  fontSize: '0.7rem',
  textTransform: 'none',
} as const;
