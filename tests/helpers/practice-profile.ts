/** A complete practice profile: production refuses to start without one (docs/deployment.md). */
export const PRACTICE_PROFILE_ENV = {
  PRACTICE_NAME: 'Zahnarztpraxis Dr. Eva Muster',
  PRACTICE_ADDRESS: 'Friedrichstraße 12|10117 Berlin',
  PRACTICE_EMAIL: 'praxis@zahnarzt-muster.de',
  PRACTICE_PHONE: '+49 30 1234567',
  PRACTICE_TAX_NUMBER: '27/123/45678',
  PRACTICE_VAT: 'exempt',
} as const;
