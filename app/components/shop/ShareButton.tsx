import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** How long "copied" shows after the link is copied (spec section 9: 2 seconds). */
export const SHARE_COPIED_MS = 2000;

/**
 * The compact share slot of collection and custom pages: one button that opens the device's
 * share sheet (navigator.share) or, where there is none, copies the page URL. A placeholder:
 * issue 8 replaces it with trackable links, QR code, WhatsApp and Facebook.
 */
export function ShareButton({ url, title, text }: { url: string; title: string; text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), SHARE_COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function share() {
    try {
      if (typeof navigator.share === "function") {
        await navigator.share({ url, title, text });
        return;
      }
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch (error) {
      // The shopper closed the share sheet, or the clipboard is not allowed: nothing to show.
      if (!(error instanceof DOMException && error.name === "AbortError")) console.warn("[share] could not share", error);
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={share}
        className="inline-flex items-center gap-2 rounded-lg border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        data-testid="share-button"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
        </svg>
        {copied ? t("merchandising.share.copied") : t("merchandising.share.button")}
      </button>
      <span className="sr-only" role="status" aria-live="polite">
        {copied ? t("merchandising.share.copied") : ""}
      </span>
    </>
  );
}
