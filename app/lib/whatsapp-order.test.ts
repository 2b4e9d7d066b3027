import { describe, expect, it } from "vitest";
import fr from "~/i18n/fr";
import { createTranslator } from "~/i18n/i18n";
import type { ProductOffer } from "./offers";
import { defaultOffer, productWhatsAppMessage } from "./whatsapp-order";

const { t } = createTranslator("fr", fr);
const product = { title: "Lampe de bureau", price: 4_500, url: "https://shop.example/products/lampe" };
const offer = (id: number, quantity: number, percentOff: number, labelFr: string | null = null): ProductOffer => ({
  id,
  quantity,
  percentOff,
  fixedTotal: null,
  labels: { ar: null, en: null, fr: labelFr },
});

describe("the product page's WhatsApp order message", () => {
  it("names the product, its price and its page without an offer", () => {
    expect(productWhatsAppMessage(product, undefined, "fr", t)).toBe(
      "Bonjour, je voudrais commander ce produit :\nLampe de bureau\nPrix : 4\u00a0500\u00a0DA\nhttps://shop.example/products/lampe",
    );
  });

  it("names the offer chosen and its total in place of the price", () => {
    const message = productWhatsAppMessage(product, offer(2, 2, 20), "fr", t);
    expect(message).toBe(
      "Bonjour, je voudrais commander ce produit :\nLampe de bureau\n2 pièces −20 % — 7\u00a0200\u00a0DA\nhttps://shop.example/products/lampe",
    );
    expect(productWhatsAppMessage(product, offer(2, 2, 20, "Duo"), "fr", t)).toContain("\nDuo — 7\u00a0200\u00a0DA\n");
  });

  it("stays bounded whatever the label", () => {
    const long = productWhatsAppMessage(product, offer(2, 2, 20, "x".repeat(500)), "fr", t);
    expect(long).not.toContain("x".repeat(61));
  });

  it("names before any pick the first offer the stock can fill", () => {
    const offers = [offer(1, 3, 10), offer(2, 2, 20), offer(3, 1, 0)];
    expect(defaultOffer(offers, undefined)?.id).toBe(1);
    expect(defaultOffer(offers, 2)?.id).toBe(2);
    expect(defaultOffer(offers, 0)).toBeUndefined();
  });
});
