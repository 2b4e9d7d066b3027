import { data } from "react-router";
import { getStaticPage, staticPageKeys } from "~/server/content/index.server";
import { pageContext } from "~/server/http/page-context.server";
import { getDb } from "~/server/db/connection.server";
import { publicShopInfo } from "~/server/settings/index.server";
import { WilayaFeeTable } from "~/components/shop/WilayaFeeTable";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/static-page";

export async function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, "");
  const key = staticPageKeys[slug];
  if (!key) throw data(null, { status: 404 });
  const ctx = await pageContext(request);
  const shop = await publicShopInfo(getDb(), ctx.language);
  // A contact the merchant has not set yet (null): its sentences point to the contact page instead.
  const content = await getStaticPage(getDb(), ctx.language, key, { name: ctx.shopName, phone: shop.phone, email: shop.email });
  return {
    content,
    seo: ctx.seo({ title: ctx.pageTitle(content.page.title), description: content.page.description, path: `/${slug}` }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : []);

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-brand-900">{content.page.title}</h1>
      <p className="mt-4 text-lg leading-relaxed text-stone-700">{content.page.intro}</p>
      {content.kind === "faq" ? (
        <dl className="mt-8 space-y-6">
          {content.page.items.map((item) => (
            <div key={item.question} className="rounded-xl bg-white p-5 shadow-sm">
              <dt className="text-lg font-semibold">{item.question}</dt>
              <dd className="mt-2 leading-relaxed text-stone-700">{item.answer}</dd>
            </div>
          ))}
        </dl>
      ) : (
        content.page.sections.map((section) => (
          <section key={section.heading} className="mt-8">
            <h2 className="text-xl font-semibold">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-stone-700">
                {paragraph}
              </p>
            ))}
          </section>
        ))
      )}
      {content.wilayas && <WilayaFeeTable wilayas={content.wilayas} />}
    </article>
  );
}

/** Shared caches may keep this page for a few seconds (app/server/http/page-headers.server.ts). */
export { publicPageHeaders as headers } from "~/server/http/page-headers.server";
