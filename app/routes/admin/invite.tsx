import { useTranslation } from "~/i18n/react";
import { data, Form, redirect, useNavigation } from "react-router";
import { LanguageButton } from "~/components/shop/LanguageButton";
import { Logo } from "~/components/shop/Logo";
import { useRootData } from "~/components/shop/useRootData";
import { defaultLanguage } from "~/i18n/config";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/lib/admin-auth";
import { acceptInvitation, authSettings, openInvitation, sessionCookie } from "~/server/auth/index.server";
import { getDb } from "~/server/db/connection.server";
import { env } from "~/server/env.server";
import { ADMIN_HEADERS, assertSameOrigin } from "~/server/http/admin-session.server";
import { clientIp } from "~/server/http/client-address.server";
import { cookieIsSecure } from "~/server/http/cookie-secure.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import type { Route } from "./+types/invite";

/**
 * /admin/invite/:token (public, like the sign-in page): the invitee of a one-time link sees who
 * they are invited as and chooses a password; the account is created with the invitation's role
 * and they are signed in. An unknown, used or expired link answers 404 with the same page
 * and tells nothing more.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { t } = await requestI18n(request);
  const invitation = await openInvitation(getDb(), params.token);
  const title = t("admin.invite.title");
  if (!invitation) return data({ title, invitation: null }, { status: 404, headers: ADMIN_HEADERS });
  return data(
    { title, invitation: { email: invitation.email, name: invitation.name ?? invitation.email, role: invitation.role } },
    { headers: ADMIN_HEADERS },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const merged = new Headers(ADMIN_HEADERS);
  for (const cookie of [...loaderHeaders.getSetCookie(), ...actionHeaders.getSetCookie()]) merged.append("Set-Cookie", cookie);
  // The token is in the address: never send it on to another site.
  merged.set("Referrer-Policy", "no-referrer");
  return merged;
};

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }, { name: "robots", content: "noindex, nofollow" }];

export async function action({ request, params }: Route.ActionArgs) {
  await assertSameOrigin(request);
  const { t } = await requestI18n(request);
  const form = await request.formData();
  const result = await acceptInvitation(
    getDb(),
    { token: params.token, password: form.get("password"), ip: clientIp(request), userAgent: request.headers.get("User-Agent") },
    authSettings(env()),
  );
  if (!result.ok) {
    const status = result.error === "invitation_invalid" ? 404 : result.error === "email_taken" ? 409 : 400;
    return data(
      { error: t(`admin.staff.errors.${result.error}`, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH }) },
      { status, headers: ADMIN_HEADERS },
    );
  }
  const { token, expiresAt } = result.signedIn;
  const headers = new Headers(ADMIN_HEADERS);
  headers.append("Set-Cookie", sessionCookie(token, { maxAgeSeconds: (expiresAt.getTime() - Date.now()) / 1000, secure: cookieIsSecure(request) }));
  return redirect("/admin", { status: 303, headers });
}

export default function AdminInvite({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const busy = useNavigation().state === "submitting";
  const invitation = loaderData.invitation;
  return (
    <div className="flex min-h-dvh flex-col items-center bg-stone-50 px-4 py-10">
      <div className="flex w-full max-w-sm justify-end">
        <LanguageButton language={root?.language ?? defaultLanguage} />
      </div>
      <main id="main" className="mt-6 w-full max-w-sm rounded-2xl border border-stone-200 bg-white p-6 shadow-sm" data-testid="admin-invite">
        <div className="flex items-center gap-2">
          <Logo className="size-9" />
          <span className="text-lg font-bold text-brand-900">{root?.shop.name}</span>
        </div>
        <h1 className="mt-4 text-xl font-bold">{t("admin.invite.title")}</h1>
        {invitation ? (
          <Form method="post" className="mt-5 flex flex-col gap-4">
            <p className="text-sm break-words text-stone-700">
              {t("admin.invite.intro", { name: invitation.name, email: invitation.email, role: t(`admin.roles.${invitation.role}`) })}
            </p>
            <label className="flex flex-col gap-1.5 text-sm font-medium">
              {t("admin.password.next")}
              <input
                type="password"
                name="password"
                required
                autoComplete="new-password"
                dir="ltr"
                minLength={MIN_PASSWORD_LENGTH}
                maxLength={MAX_PASSWORD_LENGTH}
                className="h-11 rounded-lg border border-stone-300 px-3 text-base font-normal"
              />
              <span className="text-xs font-normal text-stone-500">
                {t("admin.password.hint", { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH })}
              </span>
            </label>
            {actionData?.error ? (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="admin-invite-error">
                {actionData.error}
              </p>
            ) : null}
            <button
              type="submit"
              disabled={busy}
              className="h-11 rounded-lg bg-brand-700 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {t("admin.invite.submit")}
            </button>
          </Form>
        ) : (
          <p role="alert" className="mt-4 text-stone-700" data-testid="admin-invite-invalid">
            {t("admin.invite.invalid")}
          </p>
        )}
      </main>
    </div>
  );
}
