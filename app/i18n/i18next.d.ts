import "i18next";
import type { Dictionary } from "./ar";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Dictionary };
  }
}
