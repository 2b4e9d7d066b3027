import { describe, expect, it } from "vitest";
import { ADMIN_AREAS, mayUse, mayUseAny } from "./admin-roles";

describe("admin roles", () => {
  it("gives the owner every area, and staff, settings and courier accounts to the owner alone", () => {
    for (const area of ADMIN_AREAS) expect(mayUse("owner", area)).toBe(true);
    for (const area of ["staff", "settings", "couriers"] as const) {
      for (const role of ["manager", "confirmer", "packer"] as const) expect(mayUse(role, area)).toBe(false);
    }
  });

  it("keeps a confirmer to the call queue and a packer to fulfilment and stock", () => {
    expect(ADMIN_AREAS.filter((area) => mayUse("confirmer", area))).toEqual(["queue"]);
    expect(ADMIN_AREAS.filter((area) => mayUse("packer", area))).toEqual(["inventory", "fulfilment"]);
    expect(mayUseAny("packer", ["orders", "fulfilment"])).toBe(true);
    expect(mayUseAny("confirmer", ["orders", "fulfilment"])).toBe(false);
  });
});
