import { useTranslation } from "~/i18n/react";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { LanguageButton } from "~/components/shop/LanguageButton";
import { Logo } from "~/components/shop/Logo";
import { defaultLanguage } from "~/i18n/config";
import { useRootData } from "~/components/shop/useRootData";
import { ADMIN_HEADERS, assertSameOrigin, currentAdmin } from "~/server/http/admin-session.server";
import { authSettings, sessionCookie, sessionTokenFromCookieHeader, signIn } from "~/server/auth/index.server";
import { cookieIsSecure } from "~/server/http/cookie-secure.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { clientIp } from "~/server/http/client-address.server";
import { MAX_PASSWORD_LENGTH } from "~/lib/admin-auth";
import { localPath } from "~/lib/local-path";
import { getDb } from "~/server/db/connection.server";
import { env } from "~/server/env.server";
import type { Route } from "./+types/login";

/** The admin's home: the dashboard, or the first page of the admin's role (app/routes/admin/index.tsx). */
const HOME = "/admin";

/** Where to go after signing in: a local path only (localPath), never back to login/logout. */
const redirectTarget = z
  .string()
  .max(2000)
  .refine((value) => localPath(value) !== undefined)
  .transform((value) => localPath(value)!)
  .refine((path) => !/^\/admin\/(login|logout)(?:[/?#.]|$)/i.test(path))
  .catch(HOME);

function targetOf(value: FormDataEntryValue | string | null | undefined): string {
  return redirectTarget.parse(typeof value === "string" && value !== "" ? value : HOME);
}

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = targetOf(new URL(request.url).searchParams.get("redirectTo"));
  // Already signed in: straight on.
  if (await currentAdmin(request)) throw redirect(redirectTo, { status: 302, headers: ADMIN_HEADERS });
  const { t } = await requestI18n(request);
  return data({ redirectTo, title: t("admin.login.title") }, { headers: ADMIN_HEADERS });
}

export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders }) => {
  const merged = new Headers(parentHeaders);
  for (const [name, value] of Object.entries(ADMIN_HEADERS)) merged.set(name, value);
  for (const cookie of [...loaderHeaders.getSetCookie(), ...actionHeaders.getSetCookie()]) merged.append("Set-Cookie", cookie);
  return merged;
};

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }, { name: "robots", content: "noindex, nofollow" }];

type LoginError = "wrongCredentials" | "throttled" | "missingFields";

export async function action({ request }: Route.ActionArgs) {
  await assertSameOrigin(request);
  const { t } = await requestI18n(request);
  const form = await request.formData();
  const email = form.get("email");
  const password = form.get("password");
  const redirectTo = targetOf(form.get("redirectTo"));
  const fail = (error: LoginError, status: number) =>
    data({ error: t(`admin.login.${error}`), email: typeof email === "string" ? email.slice(0, 320) : "" }, { status, headers: ADMIN_HEADERS });

  if (typeof email !== "string" || typeof password !== "string" || email.trim() === "" || password === "") {
    return fail("missingFields", 400);
  }
  const result = await signIn(
    getDb(),
    {
      email,
      password: password.slice(0, MAX_PASSWORD_LENGTH + 1),
      ip: clientIp(request),
      userAgent: request.headers.get("User-Agent"),
      previousToken: sessionTokenFromCookieHeader(request.headers.get("Cookie")),
    },
    authSettings(env()),
  );
  switch (result.kind) {
    case "throttled":
      return fail("throttled", 429);
    case "wrong_credentials":
      return fail("wrongCredentials", 401);
    case "signed_in": {
      const cookie = sessionCookie(result.token, {
        maxAgeSeconds: (result.expiresAt.getTime() - Date.now()) / 1000,
        secure: cookieIsSecure(request),
      });
      const headers = new Headers(ADMIN_HEADERS);
      headers.append("Set-Cookie", cookie);
      return redirect(redirectTo, { status: 303, headers });
    }
  }
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div className="flex min-h-dvh flex-col items-center bg-stone-50 px-4 py-10">
      <div className="flex w-full max-w-sm justify-end">
        <LanguageButton language={root?.language ?? defaultLanguage} />
      </div>
      <main id="main" className="mt-6 w-full max-w-sm rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-2">
          <Logo className="size-9" />
          <span className="text-lg font-bold text-brand-900">{root?.shop.name}</span>
        </div>
        <h1 className="mt-4 text-xl font-bold">{t("admin.login.title")}</h1>
        <Form method="post" action="/admin/login" className="mt-5 flex flex-col gap-4" data-testid="admin-login-form">
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            {t("admin.login.email")}
            <input
              type="email"
              name="email"
              required
              autoComplete="username"
              dir="ltr"
              defaultValue={actionData?.email ?? ""}
              maxLength={320}
              className="h-11 rounded-lg border border-stone-300 px-3 text-base font-normal"
            />
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            {t("admin.login.password")}
            <input
              type="password"
              name="password"
              required
              autoComplete="current-password"
              dir="ltr"
              maxLength={MAX_PASSWORD_LENGTH}
              className="h-11 rounded-lg border border-stone-300 px-3 text-base font-normal"
            />
          </label>
          {error ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="admin-login-error">
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            className="h-11 rounded-lg bg-brand-700 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {t("admin.login.submit")}
          </button>
        </Form>
      </main>
    </div>
  );
}
