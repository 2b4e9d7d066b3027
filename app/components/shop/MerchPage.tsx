import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Link, useLocation } from "react-router";
import { ResponsiveImage } from "~/components/ui/ResponsiveImage";
import type { ProductImageData } from "~/lib/product";

/**
 * The pieces collection pages and custom pages share: the banner (image under a dark overlay,
 * or a gradient header), the 404 block and the load-failure block.
 */

/** The page's title block (heading 1); the image, when there is one, is the page's largest paint (loaded first). */
export function MerchBanner({
  title,
  description,
  image,
  testId,
  plain = false,
}: {
  title: string;
  description: string | null;
  image: ProductImageData | null;
  testId: string;
  /** Without an image: a plain heading block on the page background instead of the gradient header. */
  plain?: boolean;
}) {
  if (!image && plain) {
    return (
      <section className="mx-auto max-w-6xl px-4 pt-8" data-testid={testId} data-has-image="false">
        <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{title}</h1>
        {description && <p className="mt-3 max-w-2xl whitespace-pre-line text-stone-600 sm:text-lg">{description}</p>}
      </section>
    );
  }
  return (
    <section
      className="relative isolate overflow-hidden bg-gradient-to-b from-brand-800 to-brand-700 text-white"
      data-testid={testId}
      data-has-image={image ? "true" : "false"}
    >
      {image && (
        <>
          <ResponsiveImage image={image} sizes="100vw" priority className="absolute inset-0 -z-10 size-full object-cover" />
          <div className="absolute inset-0 -z-10 bg-stone-950/60" aria-hidden="true" />
        </>
      )}
      <div className={`mx-auto max-w-6xl px-4 ${image ? "py-16 sm:py-24" : "py-10 sm:py-14"}`}>
        <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
        {description && <p className="mt-3 max-w-2xl whitespace-pre-line text-brand-50 sm:text-lg">{description}</p>}
      </div>
    </section>
  );
}

/** 404: the code as the heading's first line, the page's own not-found text, and a way on. */
export function MerchNotFound({ title, text, testId }: { title: string; text: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid={testId}>
      <h1>
        <span className="block text-6xl font-bold text-brand-700">{t("merchandising.notFoundCode")}</span>
        <span className="mt-4 block text-2xl font-bold">{title}</span>
      </h1>
      <p className="mt-3 text-stone-600">{text}</p>
      <BrowseLink />
    </section>
  );
}

/** The database failed: the page's load-failure text, a retry link (the same page) and a way on. */
export function MerchLoadError({ message, testId }: { message: string; testId: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid={testId}>
      <h1 className="text-2xl font-bold text-red-700" role="alert">
        {message}
      </h1>
      <p className="mt-3 text-stone-600">{t("merchandising.loadErrorText")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <a href={`${pathname}${search}`} className="rounded-lg border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50">
          {t("merchandising.retry")}
        </a>
        <BrowseLink inline />
      </div>
    </section>
  );
}

function BrowseLink({ inline = false }: { inline?: boolean }): ReactNode {
  const { t } = useTranslation();
  return (
    <Link
      to="/categories"
      className={`${inline ? "" : "mt-6 "}inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800`}
    >
      {t("merchandising.browse")}
    </Link>
  );
}
