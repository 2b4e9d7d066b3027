import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/ResponsiveImage";
import { collectionPath, type CollectionTeaser } from "~/lib/merchandising";

/** How wide a collection card's image is drawn (1, 2 or 3 columns in max-w-6xl). */
const CARD_IMAGE_SIZES = "(min-width: 1024px) 368px, (min-width: 640px) 50vw, 100vw";

/** The home page's featured collections (the active collections marked featured); nothing when there are none. */
export function FeaturedCollections({ collections }: { collections: CollectionTeaser[] }) {
  const { t } = useTranslation();
  if (collections.length === 0) return null;
  return (
    <section className="mx-auto max-w-6xl px-4 py-8" aria-labelledby="featured-collections-title" data-testid="featured-collections">
      <h2 id="featured-collections-title" className="text-2xl font-bold">
        {t("merchandising.featuredCollections.title")}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {collections.map((collection) => (
          <li key={collection.id}>
            <Link
              to={collectionPath(collection.slug)}
              className="group block h-full overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200 hover:ring-brand-600"
              data-testid="featured-collection"
            >
              {collection.bannerImage ? (
                <>
                  <div className="aspect-video overflow-hidden bg-stone-100">
                    <ResponsiveImage
                      image={collection.bannerImage}
                      sizes={CARD_IMAGE_SIZES}
                      className="size-full object-cover transition-transform group-hover:scale-105"
                    />
                  </div>
                  <CardText collection={collection} />
                </>
              ) : (
                // No banner: the text on a gradient instead of an empty picture.
                <div className="flex h-full min-h-40 flex-col justify-end bg-gradient-to-br from-brand-700 to-brand-900 text-white">
                  <CardText collection={collection} onGradient />
                </div>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CardText({ collection, onGradient = false }: { collection: CollectionTeaser; onGradient?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="p-4">
      <h3 className={`text-lg font-semibold ${onGradient ? "text-white" : "text-brand-900"}`}>{collection.title}</h3>
      <p className={`mt-1 text-sm ${onGradient ? "text-brand-50" : "text-stone-600"}`}>
        {t("home.productCount", { count: collection.productCount })}
      </p>
      <span className={`mt-2 inline-block text-sm font-semibold group-hover:underline ${onGradient ? "text-accent-500" : "text-brand-700"}`}>
        {t("merchandising.featuredCollections.shop")}
      </span>
    </div>
  );
}
