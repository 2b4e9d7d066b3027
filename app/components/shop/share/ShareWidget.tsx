import { lazy, Suspense, useEffect, useId, useRef, useState, type ComponentType, type MouseEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { COPIED_FEEDBACK_MS, facebookShareUrl, whatsappShareUrl, type TrackingTargetType } from "~/lib/tracking";
import { closeWindow, copyText, facebookWindowFeatures, openPendingWindow, sendWindowTo, useShareLinks, type ShareSource } from "./shareClient";
import { FacebookIcon, LinkIcon, QrIcon, ShareIcon, WhatsAppIcon } from "./ShareIcons";
import type { ShareModalProps } from "./ShareModal";

type ModalProps = ShareModalProps & { onUnavailable(): void };

/** Stands in for the modal when its chunk cannot load (offline): says so, no crash. */
function ModalUnavailable({ onUnavailable }: ModalProps) {
  useEffect(() => onUnavailable(), [onUnavailable]);
  return null;
}

const loadModal = () => import("./ShareModal");
/** The modal is its own chunk, fetched on the first hover, focus or tap of an opener. */
const ShareModal = lazy<ComponentType<ModalProps>>(() =>
  loadModal().catch((error: unknown) => {
    console.warn("[share] could not load the share modal", error);
    return { default: ModalUnavailable };
  }),
);
function preloadModal() {
  loadModal().catch(() => {
    // Reported when the modal is really opened.
  });
}

const HEADING_KEYS = {
  product: "share.full.title",
  collection: "share.full.collectionTitle",
  page: "share.full.pageTitle",
} as const satisfies Record<TrackingTargetType, string>;

/** The sources whose link the modal shows: the compact button, the QR button, a failed copy. */
type ModalSource = Extract<ShareSource, "share" | "qr" | "copy">;

export interface ShareWidgetProps {
  target: { type: TrackingTargetType; id: string };
  title: string;
  description?: string | null;
  mode: "compact" | "full";
}

/**
 * The share widget. Compact: one "share" button that makes a trackable link
 * and opens the share modal. Full: "share the product" with WhatsApp, Facebook, QR code (the modal)
 * and "copy the link" ("copied!" for 2 s). Every action makes (or gets back) the link of its own
 * utm_source through POST /api/share-links. The server renders only the buttons (the same
 * markup on both sides); the modal is loaded on demand.
 */
export function ShareWidget({ target, title, description, mode }: ShareWidgetProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { links, ensure } = useShareLinks(target);
  const [modal, setModal] = useState<ModalSource | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const failureText = (message: string | null) => message ?? t("share.linkFailed");

  function openModal(source: ModalSource, from: HTMLElement) {
    opener.current = from;
    setError(null);
    setModal(source);
    void ensure(source);
  }

  function closeModal() {
    setModal(null);
    opener.current?.focus();
  }

  function onModalUnavailable() {
    setModal(null);
    setError(t("share.unavailable"));
  }

  function shareOnWhatsApp() {
    setError(null);
    // Opened inside the click, so pop-up blockers let it through; sent on when the link is made.
    const popup = openPendingWindow();
    void ensure("whatsapp").then((result) => {
      if (result.ok) sendWindowTo(popup, whatsappShareUrl({ title, description, url: result.link.fullUrl }));
      else {
        closeWindow(popup);
        setError(failureText(result.message));
      }
    });
  }

  function shareOnFacebook() {
    setError(null);
    const features = facebookWindowFeatures();
    const popup = openPendingWindow(features);
    void ensure("facebook").then((result) => {
      if (result.ok) sendWindowTo(popup, facebookShareUrl(result.link.fullUrl), features);
      else {
        closeWindow(popup);
        setError(failureText(result.message));
      }
    });
  }

  async function onCopy(event: MouseEvent<HTMLButtonElement>) {
    const button = event.currentTarget;
    setError(null);
    const pending = ensure("copy");
    // Handed to the clipboard at once (still inside the click), filled when the link is made.
    const url = pending.then((result) => (result.ok ? result.link.fullUrl : Promise.reject(new Error("no link"))));
    const ok = await copyText(url);
    const result = await pending;
    if (!result.ok) {
      setError(failureText(result.message));
      return;
    }
    if (ok) {
      setCopied(true);
      return;
    }
    // The browser would not copy: show the link in the modal, to copy by hand.
    openModal("copy", button);
    setError(t("share.copyFailed"));
  }

  const preload = { onPointerEnter: preloadModal, onPointerDown: preloadModal, onFocus: preloadModal };
  const inlineError =
    error && !modal ? (
      <p role="alert" className="mt-2 text-sm text-red-700" data-testid="share-error">
        {error}
      </p>
    ) : null;
  const modalElement = modal ? (
    <Suspense fallback={null}>
      <ShareModal
        title={title}
        description={description}
        link={links[modal] ?? { status: "loading" }}
        error={error}
        onRetry={() => void ensure(modal)}
        onWhatsApp={shareOnWhatsApp}
        onFacebook={shareOnFacebook}
        onClose={closeModal}
        onUnavailable={onModalUnavailable}
      />
    </Suspense>
  ) : null;

  if (mode === "compact") {
    return (
      <div className="inline-flex flex-col items-start" data-testid="share-widget" data-mode="compact">
        <button
          type="button"
          onClick={(event) => openModal("share", event.currentTarget)}
          {...preload}
          aria-haspopup="dialog"
          aria-label={t("share.openLabel", { title })}
          className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          data-testid="share-open"
        >
          <ShareIcon className="size-4 shrink-0" />
          {t("share.open")}
        </button>
        {inlineError}
        {modalElement}
      </div>
    );
  }

  const button = "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold";
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-stone-200 bg-white p-4" data-testid="share-widget" data-mode="full">
      <h2 id={headingId} className="font-semibold text-stone-800">
        {t(HEADING_KEYS[target.type])}
      </h2>
      <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        <button
          type="button"
          onClick={shareOnWhatsApp}
          aria-label={t("share.whatsappLabel")}
          className={`${button} border-emerald-600 bg-white text-emerald-800 hover:bg-emerald-50`}
          data-testid="share-whatsapp"
        >
          <WhatsAppIcon />
          {t("share.whatsapp")}
        </button>
        <button
          type="button"
          onClick={shareOnFacebook}
          aria-label={t("share.facebookLabel")}
          className={`${button} border-blue-700 bg-white text-blue-800 hover:bg-blue-50`}
          data-testid="share-facebook"
        >
          <FacebookIcon />
          {t("share.facebook")}
        </button>
        <button
          type="button"
          onClick={(event) => openModal("qr", event.currentTarget)}
          {...preload}
          aria-haspopup="dialog"
          className={`${button} border-stone-300 bg-white text-stone-800 hover:bg-stone-100`}
          data-testid="share-qr"
        >
          <QrIcon />
          {t("share.qr")}
        </button>
        <button
          type="button"
          onClick={onCopy}
          className={`${button} border-stone-300 bg-white text-stone-800 hover:bg-stone-100`}
          data-testid="share-copy"
        >
          <LinkIcon />
          {copied ? t("share.copied") : t("share.copy")}
        </button>
      </div>
      <span className="sr-only" role="status" aria-live="polite">
        {copied ? t("share.copied") : ""}
      </span>
      {inlineError}
      {modalElement}
    </section>
  );
}
