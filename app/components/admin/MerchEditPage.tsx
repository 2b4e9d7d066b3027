import { useTranslation } from "~/i18n/react";
import { Link, useLocation } from "react-router";
import { MAX_IMAGE_MEGABYTES } from "~/lib/admin-product";
import type { PickerProduct } from "~/lib/merchandising";
import type { MerchKind, MerchRecord, MerchRefusal } from "~/lib/merchandising-admin";
import type { CollectionFormValues, CustomPageFormValues } from "~/lib/merchandising.schema";
import { ActiveBadge, MerchAlert, useMerchErrorText } from "./MerchAlert";
import { MerchDeleteConfirm } from "./MerchDeleteConfirm";
import { MerchForm } from "./MerchForm";
import { ShareLinkButtons } from "./ShareLinkButtons";

const textsOf = { collections: "collections", "custom-pages": "customPages" } as const;
const entityOf = { collections: "collection", "custom-pages": "page" } as const;

/**
 * /admin/collections/new|:id and /admin/custom-pages/new|:id: the form as a page (decision 0008),
 * ?delete=1 for the confirmation, ?saved=1 after a save.
 */
export function MerchEditPage({
  kind,
  record,
  values,
  products,
  notFound,
  confirmDelete,
  flash,
  origin,
  refusal,
}: {
  kind: MerchKind;
  record: MerchRecord | null;
  values: CollectionFormValues | CustomPageFormValues;
  products: PickerProduct[];
  notFound: boolean;
  confirmDelete: boolean;
  flash: boolean;
  origin: string;
  refusal: MerchRefusal | undefined;
}) {
  const { t } = useTranslation();
  const errorText = useMerchErrorText();
  const { key: visit } = useLocation();
  const texts = textsOf[kind];
  const entity = entityOf[kind];
  const listPath = `/admin/${kind}`;
  const error = refusal ? (
    <MerchAlert tone="error" testId="merch-error">
      {errorText(refusal.error, entity, refusal.error === "bodyTooLarge" ? MAX_IMAGE_MEGABYTES + 1 : MAX_IMAGE_MEGABYTES)}
    </MerchAlert>
  ) : null;

  if (notFound || (!record && refusal?.error === "notFound")) {
    return (
      <div className="rounded-xl bg-white p-8 text-center ring-1 ring-stone-200" data-testid="merch-not-found">
        <h1 className="text-xl font-bold">{t("adminMerchandising.errors.notFound", { context: entity })}</h1>
        <Link to={listPath} className="mt-4 inline-block font-medium text-brand-800 underline">
          {t(`adminMerchandising.${texts}.backToList`)}
        </Link>
      </div>
    );
  }

  const recordPath = record ? `${listPath}/${record.id}` : `${listPath}/new`;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold text-brand-900">
            {record ? t(`adminMerchandising.${texts}.edit`) : t(`adminMerchandising.${texts}.new`)}
          </h1>
          {record ? <ActiveBadge active={record.isActive} /> : null}
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          {record ? (
            <a href={record.path} className="font-medium text-brand-800 underline" target="_blank" rel="noopener">
              {t(`adminMerchandising.${texts}.view`)}
            </a>
          ) : null}
          <Link to={listPath} className="font-medium text-stone-700 underline">
            {t(`adminMerchandising.${texts}.backToList`)}
          </Link>
        </div>
      </div>

      {record ? (
        <div className="flex flex-wrap items-center gap-2">
          <bdi dir="ltr" className="font-mono text-xs break-all text-stone-600">
            {record.path}
          </bdi>
          <ShareLinkButtons title={record.title} url={`${origin}${record.path}`} target={{ type: entityOf[kind], id: String(record.id) }} />
        </div>
      ) : null}

      {flash && !refusal ? (
        <MerchAlert tone="success" testId="merch-flash">
          {t(`adminMerchandising.${texts}.saved`)}
        </MerchAlert>
      ) : null}

      {record && confirmDelete ? (
        <MerchDeleteConfirm
          title={t(`adminMerchandising.${texts}.deleteTitle`)}
          question={t(`adminMerchandising.${texts}.deleteConfirm`)}
          name={record.title}
          id={record.id}
          action={recordPath}
          cancelTo={recordPath}
          error={error}
        />
      ) : (
        <>
          {error}
          <MerchForm
            key={visit}
            kind={kind}
            values={refusal?.values ?? values}
            products={refusal?.products ?? products}
            currentImage={record?.image ?? null}
            action={recordPath}
            invalidField={
              refusal?.field ?? (refusal?.error === "productsRequired" ? "productIds" : refusal?.error === "titleSlugRequired" ? "title" : null)
            }
          />
          {record ? (
            <div className="border-t border-stone-200 pt-4">
              <Link
                to={`${recordPath}?delete=1`}
                className="inline-flex h-11 items-center rounded-lg border border-red-300 px-4 font-medium text-red-700 hover:bg-red-50"
                data-testid="merch-delete"
              >
                {t(`adminMerchandising.${texts}.deleteButton`)}
              </Link>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
