import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/ResponsiveImage";
import { collectionPath, type StorefrontSection } from "~/lib/merchandising";
import { ProductCard } from "./ProductCard";
import { ProductGrid } from "./ProductGrid";

/**
 * The sections a merchant composed for a storefront page (admin page layouts), in their order:
 * hero, featured products, special offers, collection slider, banner. Server-rendered; the
 * slider scrolls with CSS scroll snap, no script.
 */
export function PageSections({
  sections,
  heroHeading = "h2",
}: {
  sections: StorefrontSection[];
  /** "h1" on a page whose own heading the first hero section is (the composed home page). */
  heroHeading?: "h1" | "h2";
}) {
  if (sections.length === 0) return null;
  const h1HeroId = heroHeading === "h1" ? sections.find((section) => section.type === "hero")?.id : undefined;
  return (
    <div data-testid="page-sections">
      {sections.map((section, index) => {
        switch (section.type) {
          case "hero":
            return <HeroSection key={section.id} section={section} isPageHeading={section.id === h1HeroId} />;
          case "featured-products":
          case "special-offers":
            return <ProductsSection key={section.id} section={section} priorityCount={index === 0 ? 2 : 0} />;
          case "collection-slider":
            return <CollectionSlider key={section.id} section={section} />;
          case "banner":
            return <BannerSection key={section.id} section={section} />;
          default:
            return null;
        }
      })}
    </div>
  );
}

/** The attributes every section carries (tests and analytics find them by these). */
const sectionAttributes = (section: StorefrontSection) => ({
  "data-testid": "page-section",
  "data-section-type": section.type,
  "data-section-id": String(section.id),
  "aria-labelledby": `page-section-${section.id}-title`,
});

const titleId = (section: StorefrontSection) => `page-section-${section.id}-title`;

/** Title and subtitle in the style of the home page's hero. */
function HeroSection({ section, isPageHeading }: { section: StorefrontSection; isPageHeading: boolean }) {
  const Heading = isPageHeading ? "h1" : "h2";
  return (
    <section className="bg-gradient-to-b from-brand-800 to-brand-700 text-white" {...sectionAttributes(section)}>
      <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
        <Heading id={titleId(section)} className="text-3xl font-bold sm:text-4xl">
          {section.title}
        </Heading>
        {section.subtitle && <p className="mt-3 text-lg text-brand-50 sm:text-xl">{section.subtitle}</p>}
        {section.collection && (
          <Link
            to={collectionPath(section.collection.slug)}
            className="mt-5 inline-block rounded-lg bg-accent-500 px-5 py-2.5 font-semibold text-stone-900 hover:bg-amber-400"
          >
            {section.collection.title}
          </Link>
        )}
      </div>
    </section>
  );
}

function SectionHeader({ section, children }: { section: StorefrontSection; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
      <div>
        <h2 id={titleId(section)} className="text-2xl font-bold">
          {section.title}
        </h2>
        {section.subtitle && <p className="mt-1 text-stone-600">{section.subtitle}</p>}
      </div>
      {children}
    </div>
  );
}

/** Featured products and special offers: a titled 2/3/4-column grid. */
function ProductsSection({ section, priorityCount }: { section: StorefrontSection; priorityCount: number }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-8" {...sectionAttributes(section)}>
      <SectionHeader section={section} />
      <ProductGrid products={section.products} priorityCount={priorityCount} />
    </section>
  );
}

/** A collection's title (linking to its page) and a horizontal, snapping row of its product cards. */
function CollectionSlider({ section }: { section: StorefrontSection }) {
  const { t } = useTranslation();
  const { collection } = section;
  if (!collection) return null;
  return (
    <section className="mx-auto max-w-6xl px-4 py-8" {...sectionAttributes(section)}>
      <SectionHeader section={section}>
        <Link
          to={collectionPath(collection.slug)}
          className="text-sm font-semibold text-brand-700 hover:underline"
          data-testid="section-collection-link"
        >
          {t("merchandising.sections.viewCollection", { title: collection.title })}
        </Link>
      </SectionHeader>
      {collection.products.length === 0 ? (
        <p className="rounded-xl bg-white p-8 text-center text-stone-600" data-testid="grid-empty">
          {t("merchandising.collection.empty")}
        </p>
      ) : (
        <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-3 sm:gap-4" data-testid="collection-slider">
          {collection.products.map((product) => (
            <li key={product.id} className="w-40 shrink-0 snap-start sm:w-56">
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A wide block with a title and subtitle; the whole block links to its collection when one is set. */
function BannerSection({ section }: { section: StorefrontSection }) {
  const { collection } = section;
  const image = collection?.bannerImage ?? null;
  const body = (
    <div className="relative isolate overflow-hidden rounded-2xl bg-gradient-to-br from-stone-900 to-brand-800 px-6 py-10 text-white sm:px-10 sm:py-14">
      {image && (
        <>
          <ResponsiveImage image={image} sizes="(min-width: 1152px) 1120px, 100vw" className="absolute inset-0 -z-10 size-full object-cover" />
          <div className="absolute inset-0 -z-10 bg-stone-950/60" aria-hidden="true" />
        </>
      )}
      <h2 id={titleId(section)} className="text-2xl font-bold sm:text-3xl">
        {section.title}
      </h2>
      {section.subtitle && <p className="mt-2 max-w-2xl text-stone-100 sm:text-lg">{section.subtitle}</p>}
    </div>
  );
  return (
    <section className="mx-auto max-w-6xl px-4 py-6" {...sectionAttributes(section)}>
      {collection ? (
        <Link to={collectionPath(collection.slug)} className="block rounded-2xl hover:opacity-95" data-testid="section-banner-link">
          {body}
        </Link>
      ) : (
        body
      )}
    </section>
  );
}
