import { redirect } from "react-router";
import { z } from "zod";
import { languageCookie, languages, withoutLanguageQuery } from "~/i18n/config";
import { localPath } from "~/lib/local-path";
import { cookieIsSecure } from "~/server/http/cookie-secure.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import type { Route } from "./+types/language";

const languageForm = z.object({
  lng: z.enum(languages),
  // Only a path on this site (localPath): no scheme, no protocol-relative `//host`, no backslash tricks.
  redirectTo: z
    .string()
    .max(2000)
    .refine((value) => localPath(value) !== undefined)
    .transform((value) => localPath(value)!)
    .catch("/"),
});

/** The top-bar language button posts here; the choice is kept in the `lng` cookie. */
/** GET (and HEAD): only POST is allowed; a plain 405 rather than React Router's logged "no loader" error. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = languageForm.safeParse({ ...form, redirectTo: form.redirectTo ?? "/" });
  if (!parsed.success) {
    const { t } = await requestI18n(request);
    return Response.json({ error: t("api.invalidLanguage") }, { status: 400 });
  }
  // A ?lng= in the page address would win over the new cookie: drop it on the way back.
  return redirect(withoutLanguageQuery(parsed.data.redirectTo), {
    status: 303,
    headers: { "Set-Cookie": languageCookie(parsed.data.lng, { secure: cookieIsSecure(request) }) },
  });
}
