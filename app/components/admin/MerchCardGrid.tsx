import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/ResponsiveImage";
import type { MerchCardData, MerchKind, MerchMessage } from "~/lib/merchandising-admin";
import type { ProductImageData } from "~/lib/product";
import { ActiveBadge, MerchAlert, useMerchErrorText } from "./MerchAlert";
import { MerchDeleteConfirm } from "./MerchDeleteConfirm";
import { ShareLinkButtons } from "./ShareLinkButtons";

const textsOf = { collections: "collections", "custom-pages": "customPages" } as const;
const entityOf = { collections: "collection", "custom-pages": "page" } as const;

function CardImage({ image }: { image: ProductImageData | null }) {
  const { t } = useTranslation();
  return image ? (
    <ResponsiveImage
      image={{ ...image, alt: "" }}
      sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
      className="aspect-[2/1] w-full bg-stone-100 object-cover"
    />
  ) : (
    <div className="flex aspect-[2/1] w-full items-center justify-center bg-gradient-to-br from-brand-50 to-stone-100 text-sm text-stone-500">
      {t("adminMerchandising.common.noImage")}
    </div>
  );
}

function MerchCard({
  kind,
  card,
  origin,
  deleting,
  deleteError,
}: {
  kind: MerchKind;
  card: MerchCardData;
  origin: string;
  deleting: boolean;
  deleteError: MerchMessage | null;
}) {
  const { t } = useTranslation();
  const errorText = useMerchErrorText();
  const texts = textsOf[kind];
  const editTo = `/admin/${kind}/${card.id}`;
  const publicUrl = `${origin}${card.path}`;
  return (
    <li
      className="flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
      data-testid="merch-card"
      data-id={card.id}
      data-slug={card.slug}
    >
      <CardImage image={card.image} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start gap-2">
          <h2 className="min-w-0 flex-1 text-lg font-semibold break-words text-stone-900">
            {card.isFeatured ? (
              <span
                className="me-1 text-amber-500"
                role="img"
                aria-label={t("adminMerchandising.common.featured")}
                title={t("adminMerchandising.common.featured")}
                data-testid="merch-featured"
              >
                ★
              </span>
            ) : null}
            {card.title}
          </h2>
          <ActiveBadge active={card.isActive} />
        </div>
        {card.description ? <p className="line-clamp-3 text-sm text-stone-600">{card.description}</p> : null}
        <p className="text-sm text-stone-600">
          <span className="sr-only">{t("adminMerchandising.common.path")}: </span>
          <bdi dir="ltr" className="font-mono text-xs break-all text-stone-700" data-testid="merch-path">
            {card.path}
          </bdi>
        </p>
        <p className="text-sm text-stone-600" data-testid="merch-product-count">
          {t("adminMerchandising.common.products", { count: card.productCount })}
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <ShareLinkButtons title={card.title} url={publicUrl} target={{ type: entityOf[kind], id: String(card.id) }} />
          <Link
            to={editTo}
            className="inline-flex h-10 items-center justify-center rounded-lg border border-stone-300 px-3 text-sm font-medium hover:bg-stone-100"
            data-testid="merch-edit"
          >
            {t("adminMerchandising.common.edit")}
          </Link>
          <Link
            to={`/admin/${kind}?delete=${card.id}`}
            preventScrollReset
            className="inline-flex h-10 items-center justify-center rounded-lg border border-red-200 px-3 text-sm font-medium text-red-700 hover:bg-red-50"
            data-testid="merch-delete"
          >
            {t("adminMerchandising.common.delete")}
          </Link>
        </div>
        {deleting ? (
          <MerchDeleteConfirm
            title={t(`adminMerchandising.${texts}.deleteTitle`)}
            question={t(`adminMerchandising.${texts}.deleteConfirm`)}
            name={card.title}
            id={card.id}
            action={`/admin/${kind}?delete=${card.id}`}
            cancelTo={`/admin/${kind}`}
            error={
              deleteError ? (
                <MerchAlert tone="error" testId="merch-error">
                  {errorText(deleteError, entityOf[kind])}
                </MerchAlert>
              ) : null
            }
          />
        ) : null}
      </div>
    </li>
  );
}

/**
 * The admin list of collections or custom pages: a heading with the add button, the flash after a
 * save or delete, then the cards (or the empty state). ?delete=ID opens that card's confirmation.
 */
export function MerchCardGrid({
  kind,
  cards,
  origin,
  deletingId,
  flash,
  deleteError,
}: {
  kind: MerchKind;
  cards: MerchCardData[];
  origin: string;
  deletingId: number | null;
  flash: "saved" | "deleted" | null;
  deleteError: MerchMessage | null;
}) {
  const { t } = useTranslation();
  const errorText = useMerchErrorText();
  const texts = textsOf[kind];
  const orphanError = deleteError && !cards.some((card) => card.id === deletingId);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">{t(`adminMerchandising.${texts}.title`)}</h1>
          <p className="text-sm text-stone-600">{t(`adminMerchandising.${texts}.intro`)}</p>
        </div>
        <Link
          to={`/admin/${kind}/new`}
          className="inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          data-testid="merch-add"
        >
          {t(`adminMerchandising.${texts}.add`)}
        </Link>
      </div>

      {flash ? (
        <MerchAlert tone="success" testId="merch-flash">
          {t(`adminMerchandising.${texts}.${flash}`)}
        </MerchAlert>
      ) : null}
      {orphanError ? (
        <MerchAlert tone="error" testId="merch-error">
          {errorText(deleteError, entityOf[kind])}
        </MerchAlert>
      ) : null}

      {cards.length === 0 ? (
        <div className="rounded-xl bg-white p-8 text-center ring-1 ring-stone-200" data-testid="merch-empty">
          <p className="font-medium text-stone-800">{t(`adminMerchandising.${texts}.empty`)}</p>
          <p className="mt-1 text-sm text-stone-600">{t(`adminMerchandising.${texts}.emptyHint`)}</p>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="merch-list">
          {cards.map((card) => (
            <MerchCard
              key={card.id}
              kind={kind}
              card={card}
              origin={origin}
              deleting={deletingId === card.id}
              deleteError={deletingId === card.id ? deleteError : null}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
