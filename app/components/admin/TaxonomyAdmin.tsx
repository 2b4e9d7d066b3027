import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { slugAsTyped, TAXONOMY_LIMITS, type AdminTaxonomyEntry, type TaxonomyKind, type TaxonomyNotice, type TaxonomyRefusal } from "~/lib/taxonomy";

interface Props {
  kind: TaxonomyKind;
  entries: AdminTaxonomyEntry[];
  /** The entry whose names are being edited (?edit=key). */
  editing: string | null;
  /** The entry whose deletion waits for confirmation (?delete=key). */
  deleting: string | null;
  /** After a successful post (?notice=). */
  notice: TaxonomyNotice | null;
  /** A refused post, with what was typed. */
  refusal: TaxonomyRefusal | undefined;
}

const input = "h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base";
const primary =
  "inline-flex h-11 items-center justify-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60";
const secondary =
  "inline-flex h-11 items-center justify-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-100";
const danger =
  "inline-flex h-11 items-center justify-center rounded-lg bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60";

function useKeyTexts(kind: TaxonomyKind) {
  const { t } = useTranslation();
  return kind === "categories"
    ? { label: t("adminInventory.categories.slug"), hint: t("adminInventory.categories.slugHint"), fixed: t("adminInventory.categories.slugFixed") }
    : { label: t("adminInventory.sections.id"), hint: t("adminInventory.sections.idHint"), fixed: t("adminInventory.sections.idFixed") };
}

function ErrorText({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800" data-testid="taxonomy-error">
      {message}
    </p>
  );
}

function NameFields({ idPrefix, values }: { idPrefix: string; values: { name: string; nameEn: string; nameFr: string } }) {
  const { t } = useTranslation();
  const fields = [
    { name: "name", label: t("adminInventory.common.nameAr"), value: values.name, dir: "rtl", required: true },
    { name: "nameEn", label: t("adminInventory.common.nameEn"), value: values.nameEn, dir: "ltr", required: false },
    { name: "nameFr", label: t("adminInventory.common.nameFr"), value: values.nameFr, dir: "ltr", required: false },
  ] as const;
  return (
    <>
      {fields.map((field) => (
        <div key={field.name}>
          <label htmlFor={`${idPrefix}-${field.name}`} className="mb-1 block text-sm font-medium text-stone-700">
            {field.label}
            {field.required ? <span aria-hidden="true"> *</span> : null}
          </label>
          <input
            id={`${idPrefix}-${field.name}`}
            name={field.name}
            defaultValue={field.value}
            dir={field.dir}
            maxLength={TAXONOMY_LIMITS.name}
            className={input}
          />
        </div>
      ))}
    </>
  );
}

/** The admin list of categories or sections: add, edit names (the key is fixed), delete with confirmation. */
export function TaxonomyAdmin({ kind, entries, editing, deleting, notice, refusal }: Props) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const createRefusal = refusal?.intent === "create" ? refusal : undefined;
  // Each visit (a redirect after a save, a refused post) starts the add form afresh.
  const { key: visit } = useLocation();

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">{t(`adminInventory.${kind}.title`)}</h1>
        <p className="text-sm text-stone-600">{t(`adminInventory.${kind}.intro`)}</p>
      </div>

      <p
        role="status"
        aria-live="polite"
        className={notice ? "rounded-lg bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800" : "sr-only"}
        data-testid="taxonomy-notice"
      >
        {notice ? t(`adminInventory.${kind}.${notice}`) : null}
      </p>

      <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200" aria-labelledby={`${kind}-add-title`}>
        <h2 id={`${kind}-add-title`} className="mb-3 text-lg font-semibold">
          {t(`adminInventory.${kind}.addTitle`)}
        </h2>
        <AddForm key={visit} kind={kind} refusal={createRefusal} busy={busy} />
      </section>

      <section aria-labelledby={`${kind}-list-title`}>
        <h2 id={`${kind}-list-title`} className="mb-3 text-lg font-semibold">
          {t(`adminInventory.${kind}.listTitle`)}
        </h2>
        {entries.length === 0 ? (
          <p className="rounded-xl bg-white p-8 text-center text-stone-600">{t(`adminInventory.${kind}.empty`)}</p>
        ) : (
          <ul className="grid gap-3" data-testid="taxonomy-list">
            {entries.map((entry) => (
              <li key={entry.key} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-key={entry.key}>
                {editing === entry.key ? (
                  <EditEntry
                    kind={kind}
                    entry={entry}
                    refusal={refusal?.intent === "update" && refusal.key === entry.key ? refusal : undefined}
                    busy={busy}
                  />
                ) : (
                  <EntrySummary kind={kind} entry={entry} />
                )}
                {deleting === entry.key ? (
                  <DeleteEntry
                    kind={kind}
                    entry={entry}
                    others={entries.filter((other) => other.key !== entry.key)}
                    refusal={refusal?.intent === "delete" && refusal.key === entry.key ? refusal : undefined}
                    busy={busy}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function AddForm({ kind, refusal, busy }: { kind: TaxonomyKind; refusal: TaxonomyRefusal | undefined; busy: boolean }) {
  const { t } = useTranslation();
  const keyTexts = useKeyTexts(kind);
  const createRefusal = refusal;
  const [typedKey, setTypedKey] = useState(refusal?.values.key ?? "");
  // Field checks are the server's (one message for the whole form); noValidate keeps the browser's own bubbles out.
  return (
    <Form method="post" action={`/admin/${kind}`} noValidate className="grid gap-3 sm:grid-cols-2" data-testid="taxonomy-add-form">
      <input type="hidden" name="intent" value="create" />
      {createRefusal ? (
        <div className="sm:col-span-2">
          <ErrorText id={`${kind}-add-error`} message={createRefusal.message} />
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <label htmlFor={`${kind}-add-key`} className="mb-1 block text-sm font-medium text-stone-700">
          {keyTexts.label}
          <span aria-hidden="true"> *</span>
        </label>
        <input
          id={`${kind}-add-key`}
          name="key"
          dir="ltr"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={TAXONOMY_LIMITS.key}
          value={typedKey}
          onChange={(event) => setTypedKey(slugAsTyped(event.target.value))}
          aria-describedby={`${kind}-add-key-hint`}
          className={`${input} font-mono`}
        />
        <p id={`${kind}-add-key-hint`} className="mt-1 text-xs text-stone-500">
          {keyTexts.hint}
        </p>
      </div>
      <NameFields
        idPrefix={`${kind}-add`}
        values={createRefusal?.values ?? { name: "", nameEn: "", nameFr: "" }}
        key={createRefusal ? "refused" : "blank"}
      />
      <div className="flex items-end">
        <button type="submit" disabled={busy} className={`${primary} w-full sm:w-auto`}>
          {t(`adminInventory.${kind}.add`)}
        </button>
      </div>
    </Form>
  );
}

function EntrySummary({ kind, entry }: { kind: TaxonomyKind; entry: AdminTaxonomyEntry }) {
  const { t } = useTranslation();
  const keyTexts = useKeyTexts(kind);
  const query = (name: "edit" | "delete") => `/admin/${kind}?${name}=${encodeURIComponent(entry.key)}`;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <p className="text-lg font-semibold">{entry.name}</p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-stone-600">
          <dt>{keyTexts.label}</dt>
          <dd dir="ltr" className="text-start font-mono break-all text-stone-800">
            {entry.key}
          </dd>
          <dt>{t("adminInventory.common.english")}</dt>
          <dd dir="ltr" className="text-start">
            {entry.nameEn ?? t("adminInventory.common.none")}
          </dd>
          <dt>{t("adminInventory.common.french")}</dt>
          <dd dir="ltr" className="text-start">
            {entry.nameFr ?? t("adminInventory.common.none")}
          </dd>
          <dt>{t("adminInventory.common.productCount")}</dt>
          <dd className="tabular-nums" data-testid="product-count">
            {entry.productCount}
          </dd>
        </dl>
      </div>
      <div className="flex shrink-0 gap-2 max-sm:justify-end">
        <Link to={query("edit")} preventScrollReset className={secondary} aria-label={`${t("adminInventory.common.edit")} ${entry.name}`}>
          {t("adminInventory.common.edit")}
        </Link>
        <Link
          to={query("delete")}
          preventScrollReset
          className={`${secondary} text-red-800`}
          aria-label={`${t("adminInventory.common.delete")} ${entry.name}`}
          data-testid="taxonomy-delete"
        >
          {t("adminInventory.common.delete")}
        </Link>
      </div>
    </div>
  );
}

function EditEntry({
  kind,
  entry,
  refusal,
  busy,
}: {
  kind: TaxonomyKind;
  entry: AdminTaxonomyEntry;
  refusal: TaxonomyRefusal | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const keyTexts = useKeyTexts(kind);
  const idPrefix = `${kind}-edit-${entry.key}`;
  const values = refusal?.values ?? { name: entry.name, nameEn: entry.nameEn ?? "", nameFr: entry.nameFr ?? "" };
  return (
    <Form
      method="post"
      action={`/admin/${kind}?edit=${encodeURIComponent(entry.key)}`}
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      data-testid="taxonomy-edit-form"
    >
      <h3 className="font-semibold sm:col-span-2">
        {kind === "categories"
          ? t("adminInventory.categories.editTitle", { slug: entry.key })
          : t("adminInventory.sections.editTitle", { id: entry.key })}
      </h3>
      {refusal ? (
        <div className="sm:col-span-2">
          <ErrorText id={`${idPrefix}-error`} message={refusal.message} />
        </div>
      ) : null}
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="key" value={entry.key} />
      <div className="sm:col-span-2">
        <span className="mb-1 block text-sm font-medium text-stone-700">{keyTexts.label}</span>
        <p dir="ltr" className="text-start font-mono text-stone-800">
          {entry.key}
        </p>
        <p className="mt-1 text-xs text-stone-500">{keyTexts.fixed}</p>
      </div>
      <NameFields idPrefix={idPrefix} values={values} />
      <div className="flex items-end gap-2">
        <button type="submit" disabled={busy} className={primary}>
          {t("adminInventory.common.save")}
        </button>
        <Link to={`/admin/${kind}`} preventScrollReset className={secondary}>
          {t("adminInventory.common.cancel")}
        </Link>
      </div>
    </Form>
  );
}

function DeleteEntry({
  kind,
  entry,
  others,
  refusal,
  busy,
}: {
  kind: TaxonomyKind;
  entry: AdminTaxonomyEntry;
  others: AdminTaxonomyEntry[];
  refusal: TaxonomyRefusal | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const titleId = `${kind}-delete-${entry.key}-title`;
  const used = entry.productCount > 0;
  const needsTarget = kind === "categories" && used;
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="mt-4 space-y-3 rounded-lg border border-red-200 bg-red-50 p-4"
      data-testid="taxonomy-delete-confirm"
    >
      <h3 id={titleId} className="font-semibold text-red-900">
        {kind === "categories"
          ? t("adminInventory.categories.deleteTitle", { slug: entry.key })
          : t("adminInventory.sections.deleteTitle", { id: entry.key })}
      </h3>
      <p className="text-sm text-red-900">{t(`adminInventory.${kind}.deleteConfirm`)}</p>
      <p className="text-sm font-medium text-red-900">
        {used ? t(`adminInventory.${kind}.deleteInUse`, { count: entry.productCount }) : t(`adminInventory.${kind}.deleteUnused`)}
      </p>
      {refusal ? <ErrorText id={`${titleId}-error`} message={refusal.message} /> : null}
      <Form method="post" action={`/admin/${kind}?delete=${encodeURIComponent(entry.key)}`} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="key" value={entry.key} />
        {needsTarget && others.length === 0 ? <p className="w-full text-sm text-red-900">{t("adminInventory.categories.noOtherCategory")}</p> : null}
        {needsTarget && others.length > 0 ? (
          <div className="w-full sm:w-auto">
            <label htmlFor={`${titleId}-target`} className="mb-1 block text-sm font-medium text-red-900">
              {t("adminInventory.categories.reassignTo")}
            </label>
            <select id={`${titleId}-target`} name="reassignTo" required defaultValue="" className={`${input} sm:w-64`}>
              <option value="" disabled>
                {t("adminInventory.categories.chooseCategory")}
              </option>
              {others.map((other) => (
                <option key={other.key} value={other.key}>
                  {other.name} ({other.key})
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {needsTarget && others.length === 0 ? null : (
          <button type="submit" disabled={busy} className={danger} data-testid="taxonomy-confirm-delete">
            {needsTarget ? t("adminInventory.categories.moveAndDelete") : t(`adminInventory.${kind}.confirmDelete`)}
          </button>
        )}
        <Link to={`/admin/${kind}`} preventScrollReset className={secondary}>
          {t("adminInventory.common.cancel")}
        </Link>
      </Form>
    </div>
  );
}
