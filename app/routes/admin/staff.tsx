import { useTranslation } from "~/i18n/react";
import { data, Form, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { formatOrderDate } from "~/components/admin/OrderStatusBadge";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/lib/admin-auth";
import { ADMIN_ROLES, MAX_STAFF_NAME_LENGTH, type AdminRole } from "~/lib/admin-roles";
import {
  addStaff,
  changeStaffRole,
  inviteStaff,
  listStaff,
  resetStaffPassword,
  revokeInvitation,
  setStaffDisabled,
  type StaffResult,
} from "~/server/auth/index.server";
import { getDb } from "~/server/db/connection.server";
import { requireAdmin, requireAdminAction } from "~/server/http/admin-session.server";
import { pageContext } from "~/server/http/page-context.server";
import { publicOrigin } from "~/server/http/public-origin.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import type { Route } from "./+types/staff";

/**
 * /admin/staff (the owner's): the accounts with their roles, and the forms to add one with a first
 * password, invite one by a link, disable or enable, reset a password, change a role. The rules
 * (never oneself, always an enabled owner) are the auth domain's; this page only translates.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, "staff");
  const ctx = await pageContext(request);
  return { title: ctx.pageTitle(ctx.t("admin.staff.title")), language: ctx.language, me: admin.adminId, ...(await listStaff(getDb())) };
}

export type StaffAnswer = { ok: boolean; message: string; inviteUrl?: string; inviteExpiresAt?: string };

const NOTICES = {
  add: "added",
  invite: "invited",
  revoke: "revoked",
  disable: "disabled",
  enable: "enabled",
  role: "role",
  reset: "reset",
} as const;

/** intent=add (email, name, role, password) | invite (email, name, role) | revoke (id) | disable (id) | enable (id) | role (id, role) | reset (id, password). */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request, "staff");
  const { t } = await requestI18n(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const db = getDb();
  const actor = { adminId: admin.adminId };
  const answer = (result: StaffResult, extra: Partial<StaffAnswer> = {}) =>
    result.ok
      ? data<StaffAnswer>({ ok: true, message: t(`admin.staff.notices.${NOTICES[intent as keyof typeof NOTICES]}`), ...extra })
      : data<StaffAnswer>(
          { ok: false, message: t(`admin.staff.errors.${result.error}`, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH }) },
          {
            status:
              result.error === "not_found"
                ? 404
                : result.error === "email_taken" || result.error === "last_owner" || result.error === "self"
                  ? 409
                  : 400,
          },
        );
  switch (intent) {
    case "add":
      return answer(await addStaff(db, { email: form.get("email"), name: form.get("name"), role: form.get("role"), password: form.get("password") }));
    case "invite": {
      const result = await inviteStaff(db, actor, { email: form.get("email"), name: form.get("name"), role: form.get("role") });
      if (!result.ok) return answer(result);
      return answer(result, { inviteUrl: `${publicOrigin(request)}/admin/invite/${result.token}`, inviteExpiresAt: result.expiresAt });
    }
    case "revoke": {
      const id = Number(form.get("id"));
      await revokeInvitation(db, id);
      return answer({ ok: true });
    }
    case "disable":
    case "enable":
      return answer(await setStaffDisabled(db, actor, { id: form.get("id"), disabled: intent === "disable" }));
    case "role":
      return answer(await changeStaffRole(db, actor, { id: form.get("id"), role: form.get("role") }));
    case "reset":
      return answer(await resetStaffPassword(db, actor, { id: form.get("id"), password: form.get("password") }));
    default:
      return data<StaffAnswer>({ ok: false, message: t("admin.staff.errors.bad_request") }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

const input = "mt-1 block h-11 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 text-base font-normal";
const button = "h-11 shrink-0 rounded-lg px-4 text-sm font-semibold disabled:opacity-60";
const primary = `${button} bg-brand-700 text-white hover:bg-brand-800`;
const secondary = `${button} border border-stone-300 bg-white hover:bg-stone-100`;

function RoleSelect({ name = "role", defaultValue }: { name?: string; defaultValue?: AdminRole }) {
  const { t } = useTranslation();
  return (
    <select name={name} defaultValue={defaultValue ?? "confirmer"} className={input} required>
      {ADMIN_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`admin.roles.${role}`)}
        </option>
      ))}
    </select>
  );
}

function NewMemberFields({ withPassword }: { withPassword: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <label className="text-sm font-medium">
        {t("admin.staff.name")}
        <input name="name" required maxLength={MAX_STAFF_NAME_LENGTH} className={input} />
      </label>
      <label className="text-sm font-medium">
        {t("admin.staff.email")}
        <input type="email" name="email" required maxLength={320} dir="ltr" autoComplete="off" className={input} />
      </label>
      <label className="text-sm font-medium">
        {t("admin.staff.role")}
        <RoleSelect />
      </label>
      {withPassword ? (
        <label className="text-sm font-medium">
          {t("admin.staff.firstPassword")}
          <input
            type="password"
            name="password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            maxLength={MAX_PASSWORD_LENGTH}
            dir="ltr"
            autoComplete="new-password"
            className={input}
          />
        </label>
      ) : null}
    </>
  );
}

export default function AdminStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { staff, invitations, me, language } = loaderData;
  return (
    <div className="flex flex-col gap-6" data-testid="admin-staff">
      <header>
        <h1 className="text-xl font-bold">{t("admin.staff.title")}</h1>
        <p className="mt-1 text-sm text-stone-600">{t("admin.staff.intro")}</p>
      </header>
      {actionData ? (
        <div
          role={actionData.ok ? "status" : "alert"}
          className={`rounded-lg px-4 py-3 text-sm ${actionData.ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-800"}`}
          data-testid="staff-answer"
        >
          <p>{actionData.message}</p>
          {actionData.inviteUrl ? (
            <p className="mt-2">
              {t("admin.staff.inviteLink", { date: formatOrderDate(actionData.inviteExpiresAt ?? "", language) })}{" "}
              <code className="block break-all select-all" dir="ltr" data-testid="invite-url">
                {actionData.inviteUrl}
              </code>
            </p>
          ) : null}
        </div>
      ) : null}

      <section aria-labelledby="staff-list">
        <h2 id="staff-list" className="text-lg font-semibold">
          {t("admin.staff.list")}
        </h2>
        <ul className="mt-3 flex flex-col gap-3">
          {staff.map((member) => (
            <li
              key={member.id}
              className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
              data-testid="staff-member"
              data-email={member.email}
            >
              <p className="font-semibold break-words">
                {member.name ?? member.email}
                {member.id === me ? <span className="ms-2 text-sm font-normal text-stone-500">({t("admin.staff.you")})</span> : null}
              </p>
              <p className="text-sm break-all text-stone-600" dir="ltr">
                {member.email}
              </p>
              <p className="mt-1 flex flex-wrap gap-2 text-sm">
                <span className="rounded bg-brand-50 px-2 py-0.5 text-brand-900">{t(`admin.roles.${member.role}`)}</span>
                {member.disabled ? <span className="rounded bg-red-50 px-2 py-0.5 text-red-800">{t("admin.staff.disabled")}</span> : null}
                {member.mustChangePassword ? (
                  <span className="rounded bg-amber-50 px-2 py-0.5 text-amber-900">{t("admin.staff.mustChange")}</span>
                ) : null}
              </p>
              {member.id === me ? null : (
                <div className="mt-3 flex flex-col gap-3">
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="id" value={member.id} />
                    <label className="min-w-0 flex-1 basis-40 text-sm font-medium">
                      {t("admin.staff.role")}
                      <RoleSelect defaultValue={member.role} />
                    </label>
                    <button type="submit" disabled={busy} className={secondary}>
                      {t("admin.staff.changeRole")}
                    </button>
                  </Form>
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="reset" />
                    <input type="hidden" name="id" value={member.id} />
                    <label className="min-w-0 flex-1 basis-40 text-sm font-medium">
                      {t("admin.staff.resetPassword")}
                      <input
                        type="password"
                        name="password"
                        required
                        minLength={MIN_PASSWORD_LENGTH}
                        maxLength={MAX_PASSWORD_LENGTH}
                        dir="ltr"
                        autoComplete="new-password"
                        className={input}
                      />
                    </label>
                    <button type="submit" disabled={busy} className={secondary}>
                      {t("admin.staff.reset")}
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value={member.disabled ? "enable" : "disable"} />
                    <input type="hidden" name="id" value={member.id} />
                    <button
                      type="submit"
                      disabled={busy}
                      className={member.disabled ? secondary : `${button} border border-red-300 bg-white text-red-800 hover:bg-red-50`}
                    >
                      {t(member.disabled ? "admin.staff.enable" : "admin.staff.disable")}
                    </button>
                  </Form>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>

      {invitations.length > 0 ? (
        <section aria-labelledby="staff-invitations">
          <h2 id="staff-invitations" className="text-lg font-semibold">
            {t("admin.staff.openInvitations")}
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center gap-2 rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200">
                <span className="min-w-0 flex-1 text-sm break-all">
                  {invitation.name} · <span dir="ltr">{invitation.email}</span> · {t(`admin.roles.${invitation.role}`)} ·{" "}
                  {t("admin.staff.expires", { date: formatOrderDate(invitation.expiresAt, language) })}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="id" value={invitation.id} />
                  <button type="submit" disabled={busy} className={secondary}>
                    {t("admin.staff.revoke")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="staff-add" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
          <h2 id="staff-add" className="text-lg font-semibold">
            {t("admin.staff.addTitle")}
          </h2>
          <Form method="post" className="mt-3 flex flex-col gap-3" data-testid="staff-add-form">
            <input type="hidden" name="intent" value="add" />
            <NewMemberFields withPassword />
            <button type="submit" disabled={busy} className={primary}>
              {t("admin.staff.add")}
            </button>
          </Form>
        </section>
        <section aria-labelledby="staff-invite" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
          <h2 id="staff-invite" className="text-lg font-semibold">
            {t("admin.staff.inviteTitle")}
          </h2>
          <Form method="post" className="mt-3 flex flex-col gap-3" data-testid="staff-invite-form">
            <input type="hidden" name="intent" value="invite" />
            <NewMemberFields withPassword={false} />
            <button type="submit" disabled={busy} className={primary}>
              {t("admin.staff.invite")}
            </button>
          </Form>
        </section>
      </div>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
