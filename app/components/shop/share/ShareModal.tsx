import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { COPIED_FEEDBACK_MS, QR_DISPLAY_SIZE, type ShareLinkResponse } from "~/lib/tracking";
import { copyText, type ShareLinkState } from "./shareClient";
import { FacebookIcon, ShareIcon, WhatsAppIcon } from "./ShareIcons";

export interface ShareModalProps {
  /** The shared record's title (QR alt text, native share). */
  title: string;
  description?: string | null;
  /** The modal's own link: loading, made or failed. */
  link: ShareLinkState;
  /** A failure of an action started from the modal (WhatsApp, Facebook), already translated. */
  error: string | null;
  onRetry(): void;
  onWhatsApp(): void;
  onFacebook(): void;
  /** Runs once the dialog has closed (Escape, the close button, the backdrop). */
  onClose(): void;
}

/**
 * The share modal: "share the link", a spinner while the link is made, then the
 * 200×200 QR of the link, the read-only trackable link with copy, WhatsApp, Facebook and, where
 * the browser has the Web Share API, the device's share sheet. A native modal <dialog>: the
 * page behind is inert, focus moves in, Escape / the close button / a tap on the backdrop close
 * it (the opener takes the focus back). Loaded on demand by ShareWidget (React.lazy): default export.
 */
export default function ShareModal({ title, description, link, error, onRetry, onWhatsApp, onFacebook, onClose }: ShareModalProps) {
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      if (element?.open) element.close();
    };
  }, []);

  const loading = "status" in link;
  const ready = !loading && link.ok ? link.link : null;
  const failed = !loading && !link.ok ? link : null;
  const shownError = failed ? (failed.message ?? t("share.linkFailed")) : error;

  function close() {
    dialog.current?.close();
  }

  return (
    <dialog
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the dialog element itself is a click on the backdrop around the panel.
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto max-h-[92dvh] w-[calc(100%-1.5rem)] max-w-sm overflow-visible bg-transparent p-0 text-start backdrop:bg-[rgb(28_25_23/0.6)]"
      data-testid="share-modal"
    >
      <div className="max-h-[92dvh] overflow-y-auto rounded-2xl bg-white p-4 text-stone-900 shadow-xl sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <h2 id={titleId} className="text-xl font-bold">
            {t("share.modal.title")}
          </h2>
          <button
            type="button"
            onClick={close}
            className="-me-2 flex size-11 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 hover:text-stone-900"
            aria-label={t("share.modal.close")}
            data-testid="share-modal-close"
          >
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-5" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>

        {loading ? <Spinner /> : null}

        {shownError ? (
          <div className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p role="alert" data-testid="share-error">
              {shownError}
            </p>
            {failed ? (
              <button
                type="button"
                onClick={onRetry}
                className="mt-2 inline-flex min-h-10 items-center rounded-lg border border-red-300 bg-white px-3 font-semibold hover:bg-red-100"
                data-testid="share-retry"
              >
                {t("share.modal.retry")}
              </button>
            ) : null}
          </div>
        ) : null}

        {ready ? (
          <ReadyLink key={ready.code} link={ready} title={title} description={description} onWhatsApp={onWhatsApp} onFacebook={onFacebook} />
        ) : null}
      </div>
    </dialog>
  );
}

function Spinner() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-12 text-stone-700" data-testid="share-spinner">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
      />
      <span>{t("share.modal.loading")}</span>
    </div>
  );
}

/** Longest wait for the QR image before the link shows anyway (a stalled image must not hide it). */
const QR_WAIT_MS = 5000;

/**
 * A made link: the spinner stays until its QR image has loaded (or failed, or QR_WAIT_MS
 * passed), then the QR, the read-only link with copy, WhatsApp, Facebook and the native share.
 */
function ReadyLink({
  link,
  title,
  description,
  onWhatsApp,
  onFacebook,
}: {
  link: ShareLinkResponse;
  title: string;
  description?: string | null;
  onWhatsApp(): void;
  onFacebook(): void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const [qr, setQr] = useState<"loading" | "loaded" | "failed">("loading");
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  // Decided after mount: a phone's share sheet is a browser feature.
  const [canShare, setCanShare] = useState(false);

  useEffect(() => {
    setCanShare(typeof navigator.share === "function");
    // Already there (from the cache) before the load handler could run.
    const element = image.current;
    if (element?.complete) setQr(element.naturalWidth > 0 ? "loaded" : "failed");
    const timer = window.setTimeout(() => setQr((state) => (state === "loading" ? "failed" : state)), QR_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function onCopy() {
    const ok = await copyText(link.fullUrl, input.current);
    setCopied(ok);
    setCopyFailed(!ok);
    if (!ok) input.current?.select();
  }

  async function onNativeShare() {
    try {
      await navigator.share({ title, text: description?.trim() || title, url: link.fullUrl });
    } catch (failure) {
      // The shopper closed the share sheet: nothing to say.
      if (!(failure instanceof DOMException && failure.name === "AbortError")) console.warn("[share] native share failed", failure);
    }
  }

  const waiting = qr === "loading";
  const actionButton = "inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold";
  return (
    <>
      {waiting ? <Spinner /> : null}
      <div className={waiting ? "hidden" : "mt-4 flex flex-col gap-4"}>
        <figure className={qr === "failed" ? "hidden" : "flex flex-col items-center gap-2"}>
          <img
            ref={image}
            src={link.qrSvgUrl}
            width={QR_DISPLAY_SIZE}
            height={QR_DISPLAY_SIZE}
            alt={t("share.modal.qrAlt", { title })}
            onLoad={() => setQr("loaded")}
            onError={() => {
              console.warn("[share] the QR image did not load", link.qrSvgUrl);
              setQr("failed");
            }}
            className="size-[200px] rounded-lg border border-stone-200 bg-white"
            data-testid="share-qr-image"
          />
          <figcaption className="text-sm text-stone-600">{t("share.modal.scanHint")}</figcaption>
        </figure>

        {waiting ? null : (
          <>
            <div>
              <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-stone-800">
                {t("share.modal.linkLabel")}
              </label>
              <div className="flex gap-2">
                <input
                  ref={input}
                  id={inputId}
                  type="text"
                  readOnly
                  value={link.fullUrl}
                  dir="ltr"
                  onFocus={(event) => event.currentTarget.select()}
                  className="h-11 min-w-0 flex-1 rounded-lg border border-stone-300 bg-stone-50 px-3 text-start text-sm"
                  data-testid="share-link-input"
                />
                <button
                  type="button"
                  onClick={onCopy}
                  className="h-11 shrink-0 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
                  data-testid="share-modal-copy"
                >
                  {copied ? t("share.copied") : t("share.modal.copy")}
                </button>
              </div>
              <p role="status" className={copyFailed ? "mt-2 text-xs text-amber-800" : "sr-only"}>
                {copyFailed ? t("share.copyFailed") : copied ? t("share.copied") : ""}
              </p>
            </div>

            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                onClick={onWhatsApp}
                aria-label={t("share.whatsappLabel")}
                className={`${actionButton} border-emerald-600 bg-emerald-600 text-white hover:bg-emerald-700`}
                data-testid="share-modal-whatsapp"
              >
                <WhatsAppIcon />
                {t("share.whatsapp")}
              </button>
              <button
                type="button"
                onClick={onFacebook}
                aria-label={t("share.facebookLabel")}
                className={`${actionButton} border-blue-700 bg-blue-700 text-white hover:bg-blue-800`}
                data-testid="share-modal-facebook"
              >
                <FacebookIcon />
                {t("share.facebook")}
              </button>
              {canShare ? (
                <button
                  type="button"
                  onClick={onNativeShare}
                  className={`${actionButton} basis-full border-stone-300 bg-white text-stone-800 hover:bg-stone-100`}
                  data-testid="share-native"
                >
                  <ShareIcon />
                  {t("share.native")}
                </button>
              ) : null}
            </div>
          </>
        )}
      </div>
    </>
  );
}
