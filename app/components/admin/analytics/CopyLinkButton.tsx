import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { COPIED_FEEDBACK_MS } from "~/lib/tracking";

/** The Clipboard API, else a selected off-screen textarea and execCommand (an admin served over plain http). */
async function writeClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch (error) {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    try {
      if (!document.execCommand("copy")) throw error;
    } finally {
      area.remove();
    }
  }
}

/**
 * Copies a link's full URL; the button reads "copied!" for COPIED_FEEDBACK_MS and a polite live
 * region says it too. A refused clipboard is only logged, and the button does not say copied.
 */
export function CopyLinkButton({ url, code }: { url: string | null; code: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function onCopy() {
    if (!url) return;
    try {
      await writeClipboard(url);
    } catch (error) {
      console.warn("analytics: copying the link failed", error);
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
  }

  return (
    <>
      <button
        type="button"
        onClick={onCopy}
        disabled={!url}
        title={url ?? t("adminAnalytics.noUrl")}
        aria-label={copied ? t("adminAnalytics.copied") : t("adminAnalytics.copyLabel", { code })}
        className={`inline-flex h-9 min-w-24 items-center justify-center gap-1 rounded-lg border px-3 text-sm font-medium whitespace-nowrap disabled:cursor-not-allowed disabled:opacity-50 ${
          copied ? "border-emerald-300 bg-emerald-50 text-emerald-800" : "border-stone-300 bg-white hover:bg-stone-100"
        }`}
        data-testid="analytics-copy"
        data-copied={copied || undefined}
      >
        {copied ? t("adminAnalytics.copied") : t("adminAnalytics.copy")}
      </button>
      <span role="status" className="sr-only">
        {copied ? t("adminAnalytics.copied") : ""}
      </span>
    </>
  );
}
