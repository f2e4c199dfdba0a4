import { defineMessages } from '../../platform/i18n/define-messages';
import { registerMessages } from '../../platform/i18n/messages';

/** API messages about promo codes. */
export const promoCodeMessages = defineMessages(
  {
    'admin.promoCodeNotFound': 'This promo code no longer exists. Please reload the list.',
    'admin.promoCodeDuplicate':
      'A promo code "{{code}}" already exists. Please choose another code.',
    'admin.promoCodeDeletedLocked': 'Deleted promo codes cannot be edited or deleted.',
    'admin.promoCodeRedeemedLocked': 'Redeemed promo codes cannot be deleted.',
    'coupons.invalid': 'Invalid coupon code',
    'coupons.notRedeemable': 'This promo code cannot be redeemed for your account.',
  },
  {
    'admin.promoCodeNotFound':
      'Dieser Gutscheincode existiert nicht mehr. Bitte laden Sie die Liste neu.',
    'admin.promoCodeDuplicate':
      'Ein Gutscheincode „{{code}}“ existiert bereits. Bitte wählen Sie einen anderen Code.',
    'admin.promoCodeDeletedLocked':
      'Gelöschte Gutscheincodes können weder bearbeitet noch gelöscht werden.',
    'admin.promoCodeRedeemedLocked': 'Eingelöste Gutscheincodes können nicht gelöscht werden.',
    'coupons.invalid': 'Ungültiger Gutscheincode',
    'coupons.notRedeemable': 'Dieser Gutscheincode kann für Ihr Konto nicht eingelöst werden.',
  },
);

registerMessages(promoCodeMessages);

declare module '../../platform/i18n/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's keys
  interface ModuleMessages extends Record<keyof typeof promoCodeMessages.en, string> {}
}
