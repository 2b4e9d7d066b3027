import { useTranslation } from "~/i18n/react";
import { data, Form, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/lib/admin-auth";
import { changeOwnPassword } from "~/server/auth/index.server";
import { getDb } from "~/server/db/connection.server";
import { requireAdmin, requireAdminAction } from "~/server/http/admin-session.server";
import { pageContext } from "~/server/http/page-context.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import type { Route } from "./+types/password";

/**
 * /admin/password: any admin changes their own password (the current one asked again). While a
 * first or reset password is still set, every other admin page sends the admin here
 * (requireAdmin), and signing in lands here.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, "signed_in");
  const ctx = await pageContext(request);
  return { title: ctx.pageTitle(ctx.t("admin.password.title")), mustChange: admin.mustChangePassword };
}

export type PasswordAnswer = { ok: boolean; message: string };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request, "signed_in");
  const { t } = await requestI18n(request);
  const form = await request.formData();
  const result = await changeOwnPassword(getDb(), admin, { current: form.get("current"), next: form.get("next") });
  if (result.ok) return data<PasswordAnswer>({ ok: true, message: t("admin.password.changed") });
  // A wrong current password is a refused form (400), not a refused role (403).
  return data<PasswordAnswer>(
    { ok: false, message: t(`admin.staff.errors.${result.error}`, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH }) },
    { status: 400 },
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

const input = "mt-1 block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base font-normal";

export default function AdminPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const done = actionData?.ok === true;
  return (
    <section className="mx-auto max-w-md rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200" data-testid="admin-password">
      <h1 className="text-xl font-bold">{t("admin.password.title")}</h1>
      {loaderData.mustChange && !done ? (
        <p role="status" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="must-change">
          {t("admin.password.mustChange")}
        </p>
      ) : null}
      {actionData ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={`mt-3 rounded-lg px-3 py-2 text-sm ${actionData.ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-800"}`}
          data-testid="password-answer"
        >
          {actionData.message}
        </p>
      ) : null}
      <Form method="post" className="mt-4 flex flex-col gap-4">
        <label className="text-sm font-medium">
          {t("admin.password.current")}
          <input
            type="password"
            name="current"
            required
            autoComplete="current-password"
            dir="ltr"
            maxLength={MAX_PASSWORD_LENGTH}
            className={input}
          />
        </label>
        <label className="text-sm font-medium">
          {t("admin.password.next")}
          <input
            type="password"
            name="next"
            required
            autoComplete="new-password"
            dir="ltr"
            minLength={MIN_PASSWORD_LENGTH}
            maxLength={MAX_PASSWORD_LENGTH}
            className={input}
          />
          <span className="mt-1 block text-xs font-normal text-stone-500">
            {t("admin.password.hint", { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH })}
          </span>
        </label>
        <button
          type="submit"
          disabled={busy}
          className="h-11 rounded-lg bg-brand-700 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {t("admin.password.submit")}
        </button>
      </Form>
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
