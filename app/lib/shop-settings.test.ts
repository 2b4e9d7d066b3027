import { describe, expect, it } from "vitest";
import { whatsappChatUrl, whatsappNumber } from "./phone";
import { parseShopSettings } from "./shop-settings";

describe("shop settings", () => {
  it("trims every field, unsets an empty one and normalises the numbers", () => {
    const parsed = parseShopSettings({
      nameAr: "  متجر النور ",
      nameFr: "",
      phone: "+213 550 12 34 56",
      whatsapp: "٠٦٦١٢٣٤٥٦٧",
      email: "contact@noor.dz",
      facebookUrl: "https://www.facebook.com/noor.dz",
      instagramUrl: "https://instagram.com/noor.dz/",
      tiktokUrl: "https://www.tiktok.com/@noor.dz",
      rc: "16/00-1234567 B 21",
      nif: "000116001234567",
    });
    expect(parsed).toEqual({
      ok: true,
      value: {
        nameAr: "متجر النور",
        nameEn: null,
        nameFr: null,
        phone: "0550123456",
        whatsapp: "0661234567",
        email: "contact@noor.dz",
        address: null,
        facebookUrl: "https://www.facebook.com/noor.dz",
        instagramUrl: "https://instagram.com/noor.dz/",
        tiktokUrl: "https://www.tiktok.com/@noor.dz",
        rc: "16/00-1234567 B 21",
        nif: "000116001234567",
      },
    });
  });

  it("refuses each bad field with its reason, and a length with its limit", () => {
    const parsed = parseShopSettings({
      nameEn: "x".repeat(81),
      phone: "0550000",
      whatsapp: "021 12 34 56",
      email: "not an address",
      address: "a".repeat(301),
      // A site's home page, another host, plain http: never a page of the shop.
      facebookUrl: "https://www.facebook.com/",
      instagramUrl: "https://evil.example/instagram.com",
      tiktokUrl: "http://www.tiktok.com/@noor",
      rc: "?",
      nif: "12345",
    });
    expect(parsed).toEqual({
      ok: false,
      fields: {
        nameEn: { code: "tooLong", max: 80 },
        phone: { code: "phone" },
        whatsapp: { code: "phone" },
        email: { code: "email" },
        address: { code: "tooLong", max: 300 },
        facebookUrl: { code: "url" },
        instagramUrl: { code: "url" },
        tiktokUrl: { code: "url" },
        rc: { code: "rc" },
        nif: { code: "nif" },
      },
    });
  });

  it("writes a wa.me link in the international form with the message encoded", () => {
    expect(whatsappNumber("0661234567")).toBe("213661234567");
    expect(whatsappChatUrl("0661234567", "سلام\n1 000 DA & co")).toBe(`https://wa.me/213661234567?text=${encodeURIComponent("سلام\n1 000 DA & co")}`);
  });
});
