import { STORAGE_KEYS } from '../../../shared/constants';
import type { PatientDetails } from '../../../shared/contracts/paywall';
import { storage } from '../../lib/storage';

export const EMPTY_DETAILS: PatientDetails = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  dateOfBirth: '',
  address: '',
  postalCode: '',
  city: '',
  state: '',
  consent: false,
  consentVersion: '',
  terms: false,
  termsVersion: '',
  withdrawalWaiver: false,
  withdrawalVersion: '',
};

const TYPED_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'address',
  'postalCode',
  'city',
  'state',
] as const;

/**
 * What the patient typed so far, kept so a reload (or the provider's redirect) keeps it, with
 * the consent and agreements given in this checkout (the payment-success page sends them along).
 */
export function loadPendingDetails(): PatientDetails {
  try {
    const stored: unknown = JSON.parse(storage.get(STORAGE_KEYS.pendingUserInfo) ?? 'null');
    if (!stored || typeof stored !== 'object') return EMPTY_DETAILS;
    const result = { ...EMPTY_DETAILS };
    for (const key of TYPED_FIELDS) {
      const value = (stored as Record<string, unknown>)[key];
      if (typeof value === 'string') result[key] = value;
    }
    const given = stored as Record<string, unknown>;
    for (const [box, version] of [
      ['consent', 'consentVersion'],
      ['terms', 'termsVersion'],
      ['withdrawalWaiver', 'withdrawalVersion'],
    ] as const) {
      if (given[box] === true && typeof given[version] === 'string') {
        Object.assign(result, { [box]: true, [version]: given[version] });
      }
    }
    return result;
  } catch {
    return EMPTY_DETAILS;
  }
}

export function savePendingDetails(details: PatientDetails): void {
  storage.set(STORAGE_KEYS.pendingUserInfo, JSON.stringify(details));
}

export function clearCheckoutStorage(): void {
  storage.remove(STORAGE_KEYS.pendingUserInfo);
  storage.remove(STORAGE_KEYS.appliedCouponCode);
}

/** Euros with two decimals in the interface language, e.g. "€99.00" or "99,00 €". */
export function formatEuros(cents: number, language: string): string {
  return new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-IE', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}
