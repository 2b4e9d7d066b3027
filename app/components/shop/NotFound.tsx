import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";

export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-bold">{t("notFound.title")}</h1>
      <p className="mt-3 text-stone-600">{t("notFound.message")}</p>
      <Link to="/" className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
