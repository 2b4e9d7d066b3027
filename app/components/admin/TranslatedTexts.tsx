import { useTranslation } from "~/i18n/react";
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from "~/lib/merchant-texts";

/** One text of a merchandising form that has English and French fields beside the Arabic one. */
export interface TranslatedText {
  /** The Arabic field's name; the translations are `${name}En` and `${name}Fr`. */
  name: string;
  /** The Arabic field's label, already translated. */
  label: string;
  maxLength: number;
  /** A textarea of this many rows; an input when absent. */
  rows?: number;
}

const suffix: Record<TranslatedLanguage, "En" | "Fr"> = { en: "En", fr: "Fr" };

/**
 * The English and French fields of a merchandising form's texts, grouped per language, every one
 * optional (blank: the storefront shows the Arabic text). A group starts open when one of its
 * fields holds a value or was refused.
 */
export function TranslatedTexts({
  idPrefix,
  texts,
  values,
  invalidField,
  className,
}: {
  idPrefix: string;
  texts: readonly TranslatedText[];
  /** The form's values, read by field name (`titleEn`, …). */
  values: object;
  invalidField: string | null;
  className: string;
}) {
  const { t } = useTranslation();
  const valueOf = (name: string) => {
    const value: unknown = (values as Record<string, unknown>)[name];
    return typeof value === "string" ? value : "";
  };
  return TRANSLATED_LANGUAGES.map((language) => {
    const names = texts.map((text) => `${text.name}${suffix[language]}`);
    const open = names.some((name) => valueOf(name) !== "" || invalidField === name);
    return (
      <details key={language} open={open} className={className} data-testid={`${idPrefix}-texts-${language}`}>
        <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium text-stone-800">
          {t(`adminMerchandising.translations.legend.${language}`)}
        </summary>
        <div className="mt-2 space-y-4">
          <p className="text-xs text-stone-500">{t("adminMerchandising.translations.hint")}</p>
          {texts.map((text) => {
            const name = `${text.name}${suffix[language]}`;
            const id = `${idPrefix}-${name}`;
            const common = {
              id,
              name,
              defaultValue: valueOf(name),
              maxLength: text.maxLength,
              lang: language,
              dir: "ltr" as const,
              "aria-invalid": invalidField === name ? true : undefined,
              className:
                "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 text-base focus:border-brand-700 focus:outline-none aria-[invalid=true]:border-red-600",
            };
            return (
              <div key={name}>
                <label htmlFor={id} className="block text-sm font-medium text-stone-800">
                  {t(`adminMerchandising.translations.field.${language}`, { field: text.label })}
                </label>
                {text.rows ? (
                  <textarea {...common} rows={text.rows} className={`${common.className} py-2`} />
                ) : (
                  <input {...common} className={`${common.className} h-11`} />
                )}
              </div>
            );
          })}
        </div>
      </details>
    );
  });
}
