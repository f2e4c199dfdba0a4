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
 * the consent given in this checkout (the payment-success page sends it along).
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
    const { consent, consentVersion } = stored as Record<string, unknown>;
    if (consent === true && typeof consentVersion === 'string') {
      Object.assign(result, { consent, consentVersion });
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
