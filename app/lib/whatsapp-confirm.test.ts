import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/i18n";
import { confirmationMessage, confirmationWhatsappUrl, MAX_MESSAGE_LINES, type WhatsappOrder } from "./whatsapp-confirm";

const order: WhatsappOrder = {
  orderNumber: "SQ-20261126-0042",
  firstName: "سمير",
  lines: [
    { title: "قفطان مطرز", quantity: 2 },
    { title: "Sac en cuir", quantity: 1 },
  ],
  total: 12500,
  delivery: "الجزائر، باب الزوار",
};

describe("confirmation WhatsApp messages", () => {
  it("writes 'confirm your order' in Arabic with the number, lines, total and delivery", async () => {
    const { t } = await createI18n("ar");
    const text = confirmationMessage("confirm", order, "ar", t);
    expect(text).toContain("SQ-20261126-0042");
    expect(text).toContain("- قفطان مطرز × 2");
    expect(text).toContain("- Sac en cuir × 1");
    expect(text).toContain("الجزائر، باب الزوار");
    expect(text).toContain("سمير");
    expect(text).toMatch(/12[\s\u00a0\u202f.]?500/);
    expect(text).not.toContain("{{");
  });

  it("writes 'we could not reach you' in French", async () => {
    const { t } = await createI18n("fr");
    const text = confirmationMessage("unreachable", order, "fr", t);
    expect(text).toContain("Bonjour سمير");
    expect(text).toContain("SQ-20261126-0042");
    expect(text).not.toContain("{{");
  });

  it("bounds the lines and opens wa.me with the customer's number in the international form", async () => {
    const { t } = await createI18n("fr");
    const many = { ...order, lines: Array.from({ length: MAX_MESSAGE_LINES + 5 }, (_, i) => ({ title: `P${i}`, quantity: 1 })) };
    const text = confirmationMessage("confirm", many, "fr", t);
    expect(text.match(/^- P/gm)).toHaveLength(MAX_MESSAGE_LINES);
    expect(text).toContain("- …");
    const url = confirmationWhatsappUrl("0661234567", "confirm", order, "fr", t);
    expect(url.startsWith("https://wa.me/213661234567?text=")).toBe(true);
    expect(decodeURIComponent(url.split("?text=")[1]!)).toBe(confirmationMessage("confirm", order, "fr", t));
  });
});
