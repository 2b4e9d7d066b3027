/** Delivery times are stored as text ranges such as "1-2 days"; returns the bounds or null. */
export function parseDeliveryDays(text: string): { min: number; max: number } | null {
  const match = /^\s*(\d+)\s*-\s*(\d+)\s*days?\s*$/i.exec(text);
  if (!match) return null;
  return { min: Number(match[1]), max: Number(match[2]) };
}

export interface FeeEntry {
  name: string;
  homePrice: number;
}

/**
 * What the shop can truthfully say about delivery fees: the wilayas where it is
 * free, and the lowest fee among the others (null when every wilaya is free).
 */
export function deliveryFeeSummary(entries: FeeEntry[]): { freeIn: string[]; minPaidFee: number | null } {
  const freeIn = entries.filter((e) => e.homePrice === 0).map((e) => e.name);
  const paid = entries.filter((e) => e.homePrice > 0).map((e) => e.homePrice);
  return { freeIn, minPaidFee: paid.length > 0 ? Math.min(...paid) : null };
}
