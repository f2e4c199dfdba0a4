import { patientDetailsSchema, type PatientDetails } from '../../../shared/contracts/paywall';

export type DetailsErrors = Partial<Record<keyof PatientDetails, string>>;

/** A missing version is shown at the box that sets it. */
const BOX_OF_VERSION: Record<string, keyof PatientDetails> = {
  consentVersion: 'consent',
  termsVersion: 'terms',
  withdrawalVersion: 'withdrawalWaiver',
};

/**
 * Message keys per field from the shared schema (the server checks the same rules). Loaded on
 * demand, so the schema library is not part of the paywall's first download.
 */
export function validateDetails(values: PatientDetails): DetailsErrors {
  const result = patientDetailsSchema.safeParse(values);
  if (result.success) return {};
  const errors: DetailsErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path[0];
    const field = BOX_OF_VERSION[path as string] ?? (path as keyof PatientDetails);
    if (!errors[field]) {
      errors[field] = issue.message.startsWith('validation.')
        ? issue.message
        : 'validation.required';
    }
  }
  return errors;
}

export const parseDetails = (values: PatientDetails) => patientDetailsSchema.parse(values);
