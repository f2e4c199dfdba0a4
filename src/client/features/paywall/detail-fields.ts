import type { PatientDetails } from '../../../shared/contracts/paywall';

/** The boxes the patient ticks, each storing the version of the text it agrees to. */
export const AGREEMENTS = {
  consent: 'consentVersion',
  terms: 'termsVersion',
  withdrawalWaiver: 'withdrawalVersion',
} as const;
export type Agreement = keyof typeof AGREEMENTS;

/** The typed fields of the details step, in the order they are shown. */
export type DetailFieldName = Exclude<
  keyof PatientDetails,
  Agreement | (typeof AGREEMENTS)[Agreement]
>;

export const DETAIL_FIELDS: Record<
  DetailFieldName,
  { autoComplete: string; type?: string; label: string }
> = {
  firstName: { autoComplete: 'given-name', label: 'details.firstName' },
  lastName: { autoComplete: 'family-name', label: 'details.lastName' },
  email: { autoComplete: 'email', type: 'email', label: 'details.email' },
  phone: { autoComplete: 'tel', type: 'tel', label: 'details.phone' },
  dateOfBirth: { autoComplete: 'bday', type: 'date', label: 'details.dateOfBirth' },
  address: { autoComplete: 'street-address', label: 'details.street' },
  postalCode: { autoComplete: 'postal-code', label: 'details.postalCode' },
  city: { autoComplete: 'address-level2', label: 'details.city' },
  state: { autoComplete: 'address-level1', label: 'details.state' },
};
