/**
 * Algerian mobile numbers: 05, 06 or 07 followed by 8 digits. Shoppers type
 * them in many ways (+213 5…, 00213 6…, with spaces, dashes, dots or
 * parentheses, in Arabic-Indic digits): all are normalised to `0XXXXXXXXX`.
 * Returns null when the input is not an Algerian mobile number.
 */
export function normalizeAlgerianMobile(input: string): string | null {
  const westernDigits = input.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
  const compact = westernDigits.replace(/[\s\-.()\u00a0\u200e\u200f]/g, "");
  if (!/^\+?\d+$/.test(compact)) return null;
  let national: string;
  if (compact.startsWith("+213")) national = `0${compact.slice(4)}`;
  else if (compact.startsWith("00213")) national = `0${compact.slice(5)}`;
  else if (compact.startsWith("213") && compact.length === 12) national = `0${compact.slice(3)}`;
  else national = compact;
  // "+213 0550…" (a 0 kept after the country code) is common too.
  if (/^00[567]\d{8}$/.test(national)) national = national.slice(1);
  return /^0[567]\d{8}$/.test(national) ? national : null;
}

/** A dialable `tel:` link for a displayed number: keeps the digits and a leading +, drops spaces and dashes. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${trimmed.replace(/\D/g, "")}`;
}

/** A phone for logs: 0555****89 (the first 4 and last 2 digits). */
export function maskPhone(phone: string): string {
  if (phone.length <= 6) return "*".repeat(phone.length);
  return `${phone.slice(0, 4)}${"*".repeat(phone.length - 6)}${phone.slice(-2)}`;
}

/** A national mobile number (0XXXXXXXXX) in the international form wa.me takes: 213XXXXXXXXX. */
export function whatsappNumber(national: string): string {
  return `213${national.replace(/^0/, "")}`;
}

/** A wa.me link that opens a chat with the shop, the message already written. */
export function whatsappChatUrl(national: string, message: string): string {
  return `https://wa.me/${whatsappNumber(national)}?text=${encodeURIComponent(message)}`;
}
