import { useTranslation } from "~/i18n/react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { PAGE_IDENTIFIERS, PAGE_PATHS, type AdminPageSection, type PageIdentifier, type PickerProduct } from "~/lib/merchandising";
import type { SectionFormValues } from "~/lib/merchandising.schema";
import type { MerchMessage } from "~/lib/merchandising-admin";
import { ActiveBadge, MerchAlert, useMerchErrorText } from "./MerchAlert";
import { MerchDeleteConfirm } from "./MerchDeleteConfirm";
import { SectionForm, type CollectionOption } from "./SectionForm";

export type LayoutNotice = "saved" | "deleted" | "moved";

/** A refused post of the page-layouts screen, with what was typed for a save. */
export interface LayoutRefusal {
  intent: "save" | "move" | "delete";
  /** The section it was about (null for a new one). */
  id: number | null;
  error: MerchMessage;
  field: string | null;
  values: SectionFormValues | null;
  products: PickerProduct[] | null;
}

const layoutPath = (page: PageIdentifier, extra = "") => `/admin/page-layouts?page=${page}${extra}`;
const smallButton =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-lg border border-stone-300 bg-white px-3 text-sm font-medium hover:bg-stone-100 disabled:opacity-40";

/** The page selector: plain links (?page=…), so it works without JavaScript. */
function PageSelect({ current }: { current: PageIdentifier }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("adminMerchandising.layouts.pageSelect")} data-testid="layout-page-select">
      <ul className="flex flex-wrap gap-2">
        {PAGE_IDENTIFIERS.map((page) => (
          <li key={page}>
            <Link
              to={layoutPath(page)}
              aria-current={page === current ? "page" : undefined}
              className={`inline-flex h-10 items-center rounded-full border px-4 text-sm font-medium ${
                page === current ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300 bg-white text-stone-700 hover:bg-stone-100"
              }`}
              data-page={page}
            >
              {t(`adminMerchandising.layouts.pages.${page}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MoveButton({
  section,
  page,
  direction,
  disabled,
}: {
  section: AdminPageSection;
  page: PageIdentifier;
  direction: "up" | "down";
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const label = t(direction === "up" ? "adminMerchandising.layouts.moveUp" : "adminMerchandising.layouts.moveDown", { title: section.title });
  return (
    <Form method="post" action={layoutPath(page)} preventScrollReset>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={section.id} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        className={smallButton}
        disabled={disabled || busy}
        aria-label={label}
        title={label}
        data-testid={direction === "up" ? "layout-move-up" : "layout-move-down"}
      >
        <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
      </button>
    </Form>
  );
}

function SectionRow({
  section,
  index,
  count,
  page,
  deleting,
  refusal,
}: {
  section: AdminPageSection;
  index: number;
  count: number;
  page: PageIdentifier;
  deleting: boolean;
  refusal: LayoutRefusal | null;
}) {
  const { t } = useTranslation();
  const errorText = useMerchErrorText();
  const rowError = refusal && refusal.id === section.id && refusal.intent !== "save" ? refusal : null;
  return (
    <li
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      data-testid="layout-section"
      data-section-id={section.id}
      data-section-type={section.type}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex items-start gap-3 sm:flex-1">
          <span
            className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-stone-100 text-sm font-semibold text-stone-700 tabular-nums"
            title={t("adminMerchandising.layouts.position", { position: index + 1 })}
          >
            {index + 1}
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800" data-testid="layout-type">
                {t(`adminMerchandising.layouts.types.${section.type}`)}
              </span>
              <ActiveBadge active={section.isActive} />
            </div>
            <p className="mt-1 font-semibold break-words text-stone-900">{section.title}</p>
            {section.subtitle ? <p className="text-sm break-words text-stone-600">{section.subtitle}</p> : null}
            <p className="mt-1 text-sm text-stone-600">
              {section.collectionTitle && section.productIds.length === 0 ? null : (
                <span data-testid="layout-product-count">{t("adminMerchandising.common.products", { count: section.productIds.length })}</span>
              )}
              {section.collectionTitle && section.productIds.length > 0 ? <span aria-hidden="true"> · </span> : null}
              {section.collectionTitle ? <span>{t("adminMerchandising.layouts.collectionOf", { title: section.collectionTitle })}</span> : null}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 max-sm:justify-end">
          <MoveButton section={section} page={page} direction="up" disabled={index === 0} />
          <MoveButton section={section} page={page} direction="down" disabled={index === count - 1} />
          <Link to={layoutPath(page, `&edit=${section.id}#section-form`)} className={smallButton} data-testid="layout-edit">
            {t("adminMerchandising.common.edit")}
          </Link>
          <Link
            to={layoutPath(page, `&delete=${section.id}`)}
            preventScrollReset
            className={`${smallButton} text-red-700`}
            data-testid="layout-delete"
          >
            {t("adminMerchandising.common.delete")}
          </Link>
        </div>
      </div>
      {rowError && rowError.intent === "move" ? (
        <div className="mt-3">
          <MerchAlert tone="error" testId="layout-error">
            {errorText(rowError.error, "section")}
          </MerchAlert>
        </div>
      ) : null}
      {deleting ? (
        <div className="mt-3">
          <MerchDeleteConfirm
            title={t("adminMerchandising.layouts.deleteTitle")}
            question={t("adminMerchandising.layouts.deleteConfirm")}
            name={section.title}
            id={section.id}
            action={layoutPath(page, `&delete=${section.id}`)}
            cancelTo={layoutPath(page)}
            error={
              rowError && rowError.intent === "delete" ? (
                <MerchAlert tone="error" testId="layout-error">
                  {errorText(rowError.error, "section")}
                </MerchAlert>
              ) : null
            }
          />
        </div>
      ) : null}
    </li>
  );
}

/**
 * /admin/page-layouts: the page selector, that page's sections in order
 * (move, edit, delete), and the section form (add, or edit with ?edit=ID).
 */
export function PageLayoutsAdmin({
  page,
  sections,
  collections,
  editing,
  newValues,
  deletingId,
  notice,
  refusal,
}: {
  page: PageIdentifier;
  sections: AdminPageSection[];
  collections: CollectionOption[];
  editing: { id: number; values: SectionFormValues; products: PickerProduct[] } | null;
  newValues: SectionFormValues;
  deletingId: number | null;
  notice: LayoutNotice | null;
  refusal: LayoutRefusal | undefined;
}) {
  const { t } = useTranslation();
  const errorText = useMerchErrorText();
  const { key: visit } = useLocation();
  const saveRefusal = refusal?.intent === "save" ? refusal : null;
  // A refusal about a section no longer listed (deleted meanwhile) shows above the list.
  const orphan = refusal && refusal.intent !== "save" && !sections.some((section) => section.id === refusal.id) ? refusal : null;
  const formId = editing?.id ?? null;
  const values = (saveRefusal?.values ?? null) || (editing ? editing.values : newValues);
  const products = (saveRefusal?.products ?? null) || (editing ? editing.products : []);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">{t("adminMerchandising.layouts.title")}</h1>
          <p className="text-sm text-stone-600">{t("adminMerchandising.layouts.intro")}</p>
        </div>
        <a href={PAGE_PATHS[page]} target="_blank" rel="noopener" className="text-sm font-medium text-brand-800 underline">
          {t("adminMerchandising.layouts.viewPage")}
        </a>
      </div>

      <PageSelect current={page} />

      {notice && !refusal ? (
        <MerchAlert tone="success" testId="layout-flash">
          {t(`adminMerchandising.layouts.${notice}`)}
        </MerchAlert>
      ) : null}
      {orphan ? (
        <MerchAlert tone="error" testId="layout-error">
          {errorText(orphan.error, "section")}
        </MerchAlert>
      ) : null}

      <section aria-labelledby="layout-sections-title" className="space-y-3">
        <h2 id="layout-sections-title" className="text-lg font-semibold">
          {t("adminMerchandising.layouts.sections")}
          <span className="ms-2 text-sm font-normal text-stone-600">{t(`adminMerchandising.layouts.pages.${page}`)}</span>
        </h2>
        {sections.length === 0 ? (
          <p className="rounded-xl bg-white p-8 text-center text-stone-600 ring-1 ring-stone-200" data-testid="layout-empty">
            {t("adminMerchandising.layouts.empty")}
          </p>
        ) : (
          <ol className="space-y-3" data-testid="layout-sections">
            {sections.map((section, index) => (
              <SectionRow
                key={section.id}
                section={section}
                index={index}
                count={sections.length}
                page={page}
                deleting={deletingId === section.id}
                refusal={refusal ?? null}
              />
            ))}
          </ol>
        )}
      </section>

      <section
        id="section-form"
        className="scroll-mt-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
        aria-label={formId === null ? t("adminMerchandising.layouts.add") : t("adminMerchandising.layouts.editSection")}
      >
        <SectionForm
          key={`${visit}-${formId ?? "new"}`}
          sectionId={formId}
          values={values}
          products={products}
          collections={collections}
          action={formId === null ? layoutPath(page) : layoutPath(page, `&edit=${formId}`)}
          cancelTo={formId === null ? null : layoutPath(page)}
          invalidField={saveRefusal?.field ?? (saveRefusal?.error === "requiredFields" ? (values.sectionType ? "title" : "sectionType") : null)}
          error={
            saveRefusal ? (
              <MerchAlert tone="error" testId="layout-error">
                {errorText(saveRefusal.error, "section")}
              </MerchAlert>
            ) : null
          }
        />
      </section>
    </div>
  );
}
