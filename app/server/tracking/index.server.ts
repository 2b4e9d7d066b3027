/**
 * Share links and referrals: the links the admin and the share widget create, their QR codes,
 * the clicks they bring and the orders they convert. The one way into app/server/tracking/; the
 * referral cookies are the HTTP layer's (app/server/http/referral-cookies.server.ts).
 */
export * from "./tracking.service.server";
export { linkQrCode, qrPng, qrSvg, type LinkQrCode } from "./qr.server";
export * from "./share-links.server";
