import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { Link, useNavigation } from "react-router";
import { CtaBanner, ctaPrimaryClass, ctaSecondaryClass } from "~/components/shop/CtaBanner";
import { ProductGrid } from "~/components/shop/ProductGrid";
import { WhyChooseUs } from "~/components/shop/WhyChooseUs";
import { ArrowIcon, Icon, PhoneIcon, ShieldCheckIcon, TruckIcon } from "~/components/ui/Icon";
import { useRootData } from "~/components/shop/useRootData";
import {
  APPLIANCE_CATEGORIES,
  APPLIANCES_PATH,
  appliancesHref,
  CATEGORY_QUERY,
  parseApplianceCategory,
  type ApplianceCategory,
} from "~/lib/appliances";
import { telHref } from "~/lib/phone";
import { shareImage } from "~/lib/product";
import { seoMeta } from "~/lib/seo";
import { getCategoriesBySlug, listAppliances } from "~/server/catalog/index.server";
import { pageContext } from "~/server/http/page-context.server";
import { getDb } from "~/server/db/connection.server";
import type { Route } from "./+types/home-appliances";
import type { PageQueryHandle } from "~/lib/page-query";

/** The query parameters the loader reads (app/lib/page-query.ts): the category filter. */
export const handle: PageQueryHandle = { query: [CATEGORY_QUERY] };

/**
 * /home-appliances: hero, a filter over the six fixed categories, the newest
 * 12 in-stock products of the chosen one (or of all six), why choose us, and a help block.
 *
 * The filter is a list of plain links, `?category=cooling`, so it works without JavaScript and
 * the choice lives in the URL. Each category view is its own canonical page (it lists different
 * products); an unknown `?category=` shows all six, with the bare path as canonical.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const category = parseApplianceCategory(new URL(request.url).searchParams);
  const ctx = await pageContext(request);
  const { language, t } = ctx;
  const db = getDb();
  const [rows, listing] = await Promise.all([getCategoriesBySlug(db, APPLIANCE_CATEGORIES, language), listAppliances(db, category, language)]);
  // The merchant's names and Arabic descriptions (admin categories); the built-in texts when a
  // row is gone, and on English and French pages, which have no stored description.
  const categories = APPLIANCE_CATEGORIES.map((slug) => {
    const row = rows.get(slug);
    return {
      slug,
      name: row?.name || t(`appliances.categories.${slug}.name`),
      description: row?.description?.trim() || t(`appliances.categories.${slug}.description`),
      /** /categories/{slug} lists them all; only when the row exists (otherwise it answers 404). */
      hasPage: row !== undefined,
    };
  });
  const active = categories.find((c) => c.slug === category) ?? null;
  const firstImage = listing.products.find((p) => p.image)?.image;
  return {
    category,
    categories,
    listing,
    seo: ctx.seo({
      title: ctx.pageTitle(active ? t("appliances.meta.categoryTitle", { category: active.name }) : t("appliances.meta.title")),
      description: active ? `${active.description} ${t("appliances.meta.description")}` : t("appliances.meta.description"),
      path: appliancesHref(category),
      image: firstImage ? shareImage(firstImage) : undefined,
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : []);

type CategoryView = Route.ComponentProps["loaderData"]["categories"][number];

/** The four why-choose-us points: each states a rule of the shop (payment, delivery table, returns policy). */
const reasons = [
  { key: "authentic", icon: <ShieldCheckIcon /> },
  {
    key: "cod",
    icon: (
      <Icon>
        <rect x="2" y="6" width="20" height="12" rx="2" />
        <circle cx="12" cy="12" r="2.5" />
        <path d="M6 10v4M18 10v4" />
      </Icon>
    ),
  },
  { key: "delivery", to: "/shipping", icon: <TruckIcon /> },
  {
    key: "returns",
    to: "/returns",
    icon: (
      <Icon className="size-6 rtl:-scale-x-100">
        <path d="M9 14L4 9l5-5" />
        <path d="M4 9h11a5 5 0 0 1 0 10h-3" />
      </Icon>
    ),
  },
] as const;

function Hero() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="appliances-title" className="bg-brand-800 text-white">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
        <p className="text-sm font-semibold text-accent-500">{t("appliances.hero.eyebrow")}</p>
        <h1 id="appliances-title" className="mt-2 text-3xl font-bold sm:text-4xl">
          {t("appliances.hero.title")}
        </h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-brand-50">{t("appliances.hero.text")}</p>
        <ul className="mt-6 flex flex-wrap gap-2 text-sm">
          {(["cod", "delivery", "returns"] as const).map((point) => (
            <li key={point} className="flex items-center gap-1.5 rounded-full bg-white/10 px-3 py-1.5 ring-1 ring-white/25">
              <Icon className="size-4 shrink-0 text-accent-500">
                <path d="M5 12l5 5 9-10" />
              </Icon>
              {t(`appliances.hero.points.${point}`)}
            </li>
          ))}
        </ul>
        <a
          href="#appliances-products"
          className="mt-8 inline-flex items-center gap-2 rounded-lg bg-accent-500 px-5 py-3 font-bold text-stone-900 hover:bg-amber-400"
        >
          {t("appliances.hero.browse")}
          <ArrowIcon />
        </a>
      </div>
    </section>
  );
}

/** One filter link: a card with the category's name and description; the chosen one is marked. */
function FilterLink({
  category,
  name,
  description,
  active,
}: {
  category: ApplianceCategory | null;
  name: string;
  description: string;
  active: boolean;
}) {
  return (
    <Link
      to={appliancesHref(category)}
      // With JavaScript the page stays where it is (the grid is just below); without it, a normal page load.
      preventScrollReset
      aria-current={active ? "page" : undefined}
      data-category={category ?? "all"}
      className={`flex h-full flex-col rounded-xl p-3 transition-colors sm:p-4 ${
        active ? "bg-brand-50 text-brand-900 ring-2 ring-brand-700" : "bg-white text-stone-800 ring-1 ring-stone-200 hover:ring-brand-600"
      }`}
    >
      <span className="flex items-start justify-between gap-2 font-semibold">
        {/* Long words (électroménager) break with a hyphen in narrow columns rather than overflow. */}
        <span className="min-w-0 hyphens-auto wrap-break-word">{name}</span>
        {active && (
          <Icon className="size-5 shrink-0 text-brand-700">
            <path d="M5 12l5 5 9-10" />
          </Icon>
        )}
      </span>
      <span className={`mt-1 text-sm leading-snug ${active ? "text-brand-800" : "text-stone-600"}`}>{description}</span>
    </Link>
  );
}

function CategoryFilter({ categories, current }: { categories: CategoryView[]; current: ApplianceCategory | null }) {
  const { t } = useTranslation();
  const item = "w-40 shrink-0 snap-start sm:w-auto";
  const listRef = useRef<HTMLUListElement>(null);
  // On phones the row scrolls sideways: bring the chosen card into view (in either direction).
  useEffect(() => {
    const list = listRef.current;
    if (!list || list.scrollWidth <= list.clientWidth) return;
    const chosen = list.querySelector('[aria-current="page"]');
    if (!chosen) return;
    const row = list.getBoundingClientRect();
    const card = chosen.getBoundingClientRect();
    if (card.left >= row.left && card.right <= row.right) return;
    list.scrollBy({ left: card.left + card.width / 2 - (row.left + row.width / 2), behavior: "smooth" });
  }, [current]);
  return (
    <nav aria-labelledby="appliances-filter-title" className="mt-8">
      <h2 id="appliances-filter-title" className="text-xl font-bold">
        {t("appliances.filter.title")}
      </h2>
      <ul
        aria-label={t("appliances.filter.label")}
        ref={listRef}
        data-testid="appliances-filter"
        // A row that scrolls sideways on phones (the grid stays near the top), a grid from 640 px.
        className="-mx-4 mt-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-4"
      >
        <li className={item}>
          <FilterLink
            category={null}
            name={t("appliances.filter.all")}
            description={t("appliances.filter.allDescription")}
            active={current === null}
          />
        </li>
        {categories.map((category) => (
          <li key={category.slug} className={item}>
            <FilterLink category={category.slug} name={category.name} description={category.description} active={current === category.slug} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function WhyChooseUsBlock() {
  const { t } = useTranslation();
  return (
    <WhyChooseUs
      titleId="appliances-why-title"
      title={t("appliances.why.title")}
      className="mt-14"
      testId="appliances-why"
      reasons={reasons.map((reason) => ({
        ...reason,
        title: t(`appliances.why.${reason.key}.title`),
        text: t(`appliances.why.${reason.key}.text`),
      }))}
    />
  );
}

function HelpBlock() {
  const { t } = useTranslation();
  const phone = useRootData()?.shop.phone ?? "";
  return (
    <CtaBanner
      titleId="appliances-help-title"
      title={t("appliances.help.title")}
      text={t("appliances.help.text")}
      className="mt-14"
      testId="appliances-help"
    >
      {phone && (
        <a href={telHref(phone)} data-testid="appliances-call" className={ctaPrimaryClass}>
          <PhoneIcon />
          <span>{t("appliances.help.call")}</span>
          <bdi dir="ltr" className="tabular-nums">
            {phone}
          </bdi>
        </a>
      )}
      <Link to="/contact" data-testid="appliances-contact" className={ctaSecondaryClass}>
        {t("appliances.help.contact")}
      </Link>
    </CtaBanner>
  );
}

export default function HomeAppliances({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { category, categories, listing } = loaderData;
  const navigation = useNavigation();
  // With JavaScript, a filter click keeps the old grid until the new one arrives: dim it meanwhile.
  const loading = navigation.state === "loading" && navigation.location.pathname === APPLIANCES_PATH;
  const active = categories.find((c) => c.slug === category) ?? null;
  const shown = listing.products.length;
  // Until the merchant sets a phone, the empty grid invites to the contact page, not to call.
  const noPhone = useRootData()?.shop.phone ? undefined : "noPhone";

  return (
    <>
      <Hero />
      <div className="mx-auto max-w-6xl px-4 pb-12">
        <CategoryFilter categories={categories} current={category} />

        <section
          id="appliances-products"
          aria-labelledby="appliances-grid-title"
          aria-busy={loading || undefined}
          data-testid="appliances-grid"
          data-category={category ?? "all"}
          className={`mt-10 scroll-mt-4 transition-opacity ${loading ? "opacity-60" : ""}`}
        >
          <div className="mb-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
            <div>
              <h2 id="appliances-grid-title" className="text-2xl font-bold text-brand-900">
                {active ? t("appliances.grid.categoryTitle", { category: active.name }) : t("appliances.grid.title")}
              </h2>
              {listing.total > shown && <p className="mt-1 text-sm text-stone-500">{t("appliances.grid.shown", { shown, total: listing.total })}</p>}
            </div>
            {listing.total > shown &&
              (active?.hasPage ? (
                <Link
                  to={`/categories/${active.slug}`}
                  className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-900 hover:underline"
                >
                  {t("appliances.grid.viewAll", { category: active.name })}
                  <ArrowIcon />
                </Link>
              ) : !active ? (
                <Link to="/categories" className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-900 hover:underline">
                  {t("appliances.grid.viewAllCategories")}
                  <ArrowIcon />
                </Link>
              ) : null)}
          </div>
          <ProductGrid products={listing.products} emptyMessage={t("appliances.grid.empty", { context: noPhone })} priorityCount={2} />
        </section>

        <WhyChooseUsBlock />
        <HelpBlock />
      </div>
    </>
  );
}

/** Shared caches may keep this page for a few seconds (app/server/http/page-headers.server.ts). */
export { publicPageHeaders as headers } from "~/server/http/page-headers.server";
