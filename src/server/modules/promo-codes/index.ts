/** Promo codes: a fixed discount, checked, reserved by an intent and redeemed at checkout. */
export { releaseCoupon, reserveCoupon, type CancelHolder } from './coupon-reservation';
export { normalizeCouponCode, redeemCoupon, requireUsableCoupon } from './coupons';
export { promoCodeMessages } from './messages';
export { findPromoCodeByCode } from './promo-codes-repository';
export { promoCodeRoutes } from './routes';
