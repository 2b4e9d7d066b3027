import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { LinkIcon } from "~/components/shop/share/ShareIcons";
import { closeWindow, copyText, openPendingWindow, sendWindowTo, useShareLinks, type ShareTarget } from "~/components/shop/share/shareClient";
import { COPIED_FEEDBACK_MS, whatsappShareUrl } from "~/lib/tracking";

/** Window event naming the one link box that may stay open (a newer one closes the others). */
const OPEN_EVENT = "souq:link-box-open";

type CopyState = "idle" | "copied" | "failed";

/**
 * The link and WhatsApp buttons of a collection or page card (and its edit page), on the same
 * trackable-link service as the storefront (POST /api/share-links). "Link" makes the link
 * (utm_source admin), copies it and opens a floating box ("link created") with the link and a
 * copy button; WhatsApp makes the link of utm_source whatsapp and opens wa.me with it. Without
 * JavaScript both are plain links to the public page (`url`).
 */
export function ShareLinkButtons({ title, url, target }: { title: string; url: string; target: ShareTarget }) {
  const { t } = useTranslation();
  const boxId = useId();
  const { links, ensure } = useShareLinks(target);
  const [open, setOpen] = useState(false);
  const [copy, setCopy] = useState<CopyState>("idle");
  const [whatsappError, setWhatsappError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLAnchorElement>(null);
  const link = links.admin;
  const made = link && "ok" in link && link.ok ? link.link : null;
  const failed = link && "ok" in link && !link.ok ? link : null;

  useEffect(() => {
    const closeOthers = (event: Event) => {
      if ((event as CustomEvent<string>).detail !== boxId) setOpen(false);
    };
    window.addEventListener(OPEN_EVENT, closeOthers);
    return () => window.removeEventListener(OPEN_EVENT, closeOthers);
  }, [boxId]);

  useEffect(() => {
    if (open && made) input.current?.select();
  }, [open, made]);

  useEffect(() => {
    if (copy !== "copied") return;
    const timer = window.setTimeout(() => setCopy("idle"), COPIED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [copy]);

  async function onLink(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    window.dispatchEvent(new CustomEvent(OPEN_EVENT, { detail: boxId }));
    setOpen(true);
    setCopy("idle");
    const pending = ensure("admin");
    // Handed to the clipboard inside the click, filled when the link is made.
    const fullUrl = pending.then((result) => (result.ok ? result.link.fullUrl : Promise.reject(new Error("no link"))));
    const copied = await copyText(fullUrl, null);
    if ((await pending).ok) setCopy(copied ? "copied" : "failed");
  }

  async function onCopy() {
    if (!made) return;
    setCopy((await copyText(made.fullUrl, input.current)) ? "copied" : "failed");
  }

  function onWhatsApp(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setWhatsappError(null);
    const popup = openPendingWindow();
    void ensure("whatsapp").then((result) => {
      if (result.ok) sendWindowTo(popup, whatsappShareUrl({ title, url: result.link.fullUrl }));
      else {
        closeWindow(popup);
        setWhatsappError(result.message ?? t("share.linkFailed"));
      }
    });
  }

  function close() {
    setOpen(false);
    setCopy("idle");
    opener.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") close();
  }

  const button = "inline-flex h-10 items-center justify-center gap-1 rounded-lg border px-3 text-sm font-medium";
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
        <LinkIcon className="size-4 shrink-0" />
        {t("adminMerchandising.share.link")}
      </a>
      <a
        href={whatsappShareUrl({ title, url })}
        onClick={onWhatsApp}
        target="_blank"
        rel="noopener noreferrer"
        className={`${button} border-emerald-300 bg-white text-emerald-800 hover:bg-emerald-50`}
        aria-label={t("adminMerchandising.share.whatsappLabel", { title })}
        data-testid="merch-whatsapp"
      >
        {t("adminMerchandising.share.whatsapp")}
      </a>
      {whatsappError ? (
        <p role="alert" className="basis-full text-sm text-red-700" data-testid="merch-whatsapp-error">
          {whatsappError}
        </p>
      ) : null}
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
            <h2 id={`${boxId}-title`} className={`font-semibold ${made ? "text-emerald-800" : "text-stone-800"}`}>
              {made ? (
                <>
                  <span aria-hidden="true">✓ </span>
                  {t("adminMerchandising.share.created")}
                </>
              ) : (
                t("share.modal.title")
              )}
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
          {made ? (
            <>
              <label htmlFor={`${boxId}-url`} className="mt-1 block text-sm text-stone-600">
                {t("share.modal.linkLabel")}
              </label>
              <div className="mt-1 flex gap-2">
                <input
                  ref={input}
                  id={`${boxId}-url`}
                  readOnly
                  value={made.fullUrl}
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
                {copy === "failed" ? t("adminMerchandising.share.copyManually") : copy === "copied" ? t("adminMerchandising.share.copied") : ""}
              </p>
            </>
          ) : failed ? (
            <div className="mt-2 text-sm text-red-700">
              <p role="alert" data-testid="link-box-error">
                {failed.message ?? t("share.linkFailed")}
              </p>
              <button
                type="button"
                onClick={() => void ensure("admin")}
                className="mt-2 inline-flex h-10 items-center rounded-lg border border-red-300 bg-white px-3 font-semibold hover:bg-red-50"
              >
                {t("share.modal.retry")}
              </button>
            </div>
          ) : (
            <p role="status" className="mt-2 flex items-center gap-2 text-sm text-stone-700" data-testid="link-box-loading">
              <span
                aria-hidden="true"
                className="size-5 animate-spin rounded-full border-2 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
              />
              {t("share.modal.loading")}
            </p>
          )}
        </div>
      ) : null}
    </>
  );
}
