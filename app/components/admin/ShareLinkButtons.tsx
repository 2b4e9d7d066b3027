import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";

/** Window event naming the one link box that may stay open (a newer one closes the others). */
const OPEN_EVENT = "souq:link-box-open";

/** The WhatsApp share address of a title and a link (spec: "Build a WhatsApp share URL"). */
export function whatsappShareUrl(title: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${title}\n${url}`)}`;
}

/** Copies text: the Clipboard API, else the selected input's text with execCommand (plain-http admin). */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    }
  }
}

type CopyState = "idle" | "copied" | "failed";

function LinkIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71" />
      <path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />
    </svg>
  );
}

/**
 * The link and WhatsApp buttons of a collection or page card. "Link" copies the public address
 * and opens a floating box (الرابط تم إنشاؤه) with the address and a copy button; without
 * JavaScript it is a plain link to the public page. Issue 8 swaps `url` for a trackable link here.
 */
export function ShareLinkButtons({ title, url }: { title: string; url: string }) {
  const { t } = useTranslation();
  const boxId = useId();
  const [open, setOpen] = useState(false);
  const [copy, setCopy] = useState<CopyState>("idle");
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const closeOthers = (event: Event) => {
      if ((event as CustomEvent<string>).detail !== boxId) setOpen(false);
    };
    window.addEventListener(OPEN_EVENT, closeOthers);
    return () => window.removeEventListener(OPEN_EVENT, closeOthers);
  }, [boxId]);

  useEffect(() => {
    if (open) input.current?.select();
  }, [open]);

  async function onLink(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    window.dispatchEvent(new CustomEvent(OPEN_EVENT, { detail: boxId }));
    setOpen(true);
    setCopy((await copyText(url, input.current)) ? "copied" : "failed");
  }

  async function onCopy() {
    setCopy((await copyText(url, input.current)) ? "copied" : "failed");
  }

  function close() {
    setOpen(false);
    setCopy("idle");
    opener.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") close();
  }

  const button =
    "inline-flex h-10 items-center justify-center gap-1 rounded-lg border px-3 text-sm font-medium";
  return (
    <>
      <a
        ref={opener}
        href={url}
        onClick={onLink}
        className={`${button} border-stone-300 bg-white hover:bg-stone-100`}
        aria-label={t("adminMerchandising.share.linkLabel", { title })}
        aria-expanded={open}
        data-testid="merch-link"
      >
        <LinkIcon />
        {t("adminMerchandising.share.link")}
      </a>
      <a
        href={whatsappShareUrl(title, url)}
        target="_blank"
        rel="noopener noreferrer"
        className={`${button} border-emerald-300 bg-white text-emerald-800 hover:bg-emerald-50`}
        aria-label={t("adminMerchandising.share.whatsappLabel", { title })}
        data-testid="merch-whatsapp"
      >
        {t("adminMerchandising.share.whatsapp")}
      </a>
      {open ? (
        <div
          role="dialog"
          aria-modal="false"
          aria-labelledby={`${boxId}-title`}
          onKeyDown={onKeyDown}
          className="fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md rounded-xl border border-stone-200 bg-white p-4 shadow-xl"
          data-testid="link-box"
        >
          <div className="flex items-center justify-between gap-3">
            <h2 id={`${boxId}-title`} className="font-semibold text-emerald-800">
              <span aria-hidden="true">✓ </span>
              {t("adminMerchandising.share.created")}
            </h2>
            <button
              type="button"
              onClick={close}
              className="inline-flex size-10 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100"
              aria-label={t("adminMerchandising.share.close")}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </div>
          <label htmlFor={`${boxId}-url`} className="sr-only">
            {t("adminMerchandising.share.urlLabel")}
          </label>
          <div className="mt-2 flex gap-2">
            <input
              ref={input}
              id={`${boxId}-url`}
              readOnly
              value={url}
              dir="ltr"
              onFocus={(event) => event.currentTarget.select()}
              className="h-11 min-w-0 flex-1 rounded-lg border border-stone-300 bg-stone-50 px-3 text-start text-sm"
              data-testid="link-box-url"
            />
            <button
              type="button"
              onClick={onCopy}
              className="h-11 shrink-0 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
              data-testid="link-box-copy"
            >
              {copy === "copied" ? t("adminMerchandising.share.copied") : t("adminMerchandising.share.copy")}
            </button>
          </div>
          <p role="status" className={copy === "failed" ? "mt-2 text-xs text-amber-800" : "sr-only"}>
            {copy === "failed"
              ? t("adminMerchandising.share.copyManually")
              : copy === "copied"
                ? t("adminMerchandising.share.copied")
                : ""}
          </p>
        </div>
      ) : null}
    </>
  );
}
