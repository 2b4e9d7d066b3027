import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { cartLineSchema } from "./cart-form";

function post(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema: cartLineSchema });
}

describe("the cart's line posts without JavaScript", () => {
  it("carry the variant as a number beside the product; anything but digits from 1 is no variant", () => {
    expect(post({ productId: " p1 ", variant: "31" })).toMatchObject({ status: "success", value: { productId: "p1", variant: 31 } });
    for (const variant of ["", "0", "blue", "-3", "1.5", "1234567890"]) {
      const parsed = post({ productId: "p1", variant });
      expect(parsed.status === "success" && parsed.value.variant).toBeUndefined();
    }
    const without = post({ productId: "p1", quantity: "2" });
    expect(without.status === "success" && without.value).toMatchObject({ productId: "p1", quantity: 2 });
  });
});
