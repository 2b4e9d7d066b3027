import { env } from "../env.server";

/**
 * Whether a cookie set in answer to `request` carries Secure: when the shop's public address is
 * https, or the request itself came over https (TLS here, or from a trusted proxy that said so).
 * The one rule for every cookie the shop sets: the admin session, the referral cookies, the
 * language choice and the cart of a shopper without JavaScript.
 */
export function cookieIsSecure(request: Request, publicUrl: string | undefined = env().PUBLIC_URL): boolean {
  return (publicUrl?.startsWith("https://") ?? false) || new URL(request.url).protocol === "https:";
}
