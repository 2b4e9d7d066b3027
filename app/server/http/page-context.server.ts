import { pageContextFor, type PageContext } from "../page.server";
import { publicOrigin } from "./public-origin.server";
import { requestI18n } from "./request-i18n.server";

export type { PageContext } from "../page.server";

/** The page context of a request: its language and translator, and the shop's public origin. */
export async function pageContext(request: Request): Promise<PageContext> {
  const { language, t } = await requestI18n(request);
  return pageContextFor(language, t, publicOrigin(request));
}
