import { useCallback, useEffect, useRef, useState } from "react";
import { qrUrls, type ShareLinkResponse, type TrackingTargetType } from "~/lib/tracking";

/**
 * The browser side of trackable share links, shared by the storefront share widget and the admin
 * link buttons: POST /api/share-links, the per-source link cache, the clipboard and the share
 * windows. Failures never throw: they come back as `{ ok: false }` (with the server's translated
 * message when it sent one) or are logged with console.warn.
 */

export interface ShareTarget {
  type: TrackingTargetType;
  id: string;
  /** A product's chosen variant: the link opens the product page on it. */
  variantId?: number;
}

/** Where a link is shared from: its utm_source. */
export type ShareSource = "share" | "whatsapp" | "facebook" | "qr" | "copy" | "admin";

export type ShareLinkResult = { ok: true; link: ShareLinkResponse } | { ok: false; message: string | null };

/** A link being made, made, or failed; undefined before it was asked for. */
export type ShareLinkState = { status: "loading" } | ShareLinkResult;

const UTM_MEDIUM = "social";

function errorMessageOf(answer: unknown): string | null {
  if (typeof answer !== "object" || answer === null) return null;
  const error = (answer as { error?: unknown }).error;
  if (typeof error !== "object" || error === null) return null;
  const message = (error as { message?: unknown }).message;
  return typeof message === "string" && message.trim() ? message : null;
}

function linkOf(answer: unknown): ShareLinkResponse | null {
  if (typeof answer !== "object" || answer === null) return null;
  const { code, fullUrl, qrSvgUrl, qrPngUrl } = answer as Partial<Record<keyof ShareLinkResponse, unknown>>;
  if (typeof code !== "string" || typeof fullUrl !== "string" || !code || !fullUrl) return null;
  const fallback = qrUrls(code);
  return {
    code,
    fullUrl,
    qrSvgUrl: typeof qrSvgUrl === "string" && qrSvgUrl ? qrSvgUrl : fallback.qrSvgUrl,
    qrPngUrl: typeof qrPngUrl === "string" && qrPngUrl ? qrPngUrl : fallback.qrPngUrl,
  };
}

/** Makes (or gets back, for the same target and source) a trackable link. Never throws. */
export async function requestShareLink(target: ShareTarget, source: ShareSource): Promise<ShareLinkResult> {
  try {
    const response = await fetch("/api/share-links", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        targetType: target.type,
        targetId: target.id,
        ...(target.variantId !== undefined ? { variantId: target.variantId } : {}),
        utmSource: source,
        utmMedium: UTM_MEDIUM,
      }),
    });
    const answer: unknown = await response.json().catch(() => null);
    const link = response.ok ? linkOf(answer) : null;
    if (link) return { ok: true, link };
    console.warn("[share] link creation failed", response.status, answer);
    return { ok: false, message: response.status >= 400 && response.status < 500 ? errorMessageOf(answer) : null };
  } catch (error) {
    console.warn("[share] link creation failed", error);
    return { ok: false, message: null };
  }
}

/**
 * The links of one target, one per source, each asked for at most once while it is pending or
 * made (a failed one is asked for again next time). `links[source]` drives the UI.
 */
export function useShareLinks(target: ShareTarget) {
  const targetKey = `${target.type}:${target.id}:${target.variantId ?? ""}`;
  const pending = useRef(new Map<string, Promise<ShareLinkResult>>());
  const [links, setLinks] = useState<{ key: string; bySource: Partial<Record<ShareSource, ShareLinkState>> }>({
    key: targetKey,
    bySource: {},
  });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const { type, id, variantId } = target;
  const ensure = useCallback(
    (source: ShareSource): Promise<ShareLinkResult> => {
      const key = `${type}:${id}:${variantId ?? ""}`;
      const cacheKey = `${key}|${source}`;
      const known = pending.current.get(cacheKey);
      if (known) return known;
      const update = (state: ShareLinkState) => {
        if (!mounted.current) return;
        setLinks((current) =>
          current.key === key ? { key, bySource: { ...current.bySource, [source]: state } } : { key, bySource: { [source]: state } },
        );
      };
      update({ status: "loading" });
      const request = requestShareLink({ type, id, ...(variantId !== undefined ? { variantId } : {}) }, source).then((result) => {
        if (!result.ok) pending.current.delete(cacheKey);
        update(result);
        return result;
      });
      pending.current.set(cacheKey, request);
      return request;
    },
    [type, id, variantId],
  );

  const bySource = links.key === targetKey ? links.bySource : {};
  return { links: bySource, ensure };
}

/**
 * Copies text to the clipboard. A pending text (a link still being made) goes through a
 * ClipboardItem while the click's user activation lasts (Safari needs that); otherwise the
 * Clipboard API, and last the selected `input` with execCommand (plain-http pages).
 * Returns whether it worked; failures are logged with console.warn only.
 */
export async function copyText(text: string | Promise<string>, input?: HTMLInputElement | null): Promise<boolean> {
  if (typeof text !== "string" && typeof ClipboardItem !== "undefined" && typeof navigator.clipboard?.write === "function") {
    try {
      const blob = text.then((value) => new Blob([value], { type: "text/plain" }));
      await navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]);
      return true;
    } catch {
      // Falls back below (the text may still come, or the browser refuses pending items).
    }
  }
  let value: string;
  try {
    value = await text;
  } catch {
    // No text (the link could not be made): the caller says so.
    return false;
  }
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch (error) {
    if (input) {
      input.select();
      try {
        if (document.execCommand("copy")) return true;
      } catch {
        // Logged below.
      }
    }
    console.warn("[share] could not copy the link", error);
    return false;
  }
}

/**
 * Opens a blank window at once, inside the click (pop-up blockers allow it only there), to be
 * sent to its address when the link is ready. `features` makes it a sized pop-up.
 */
export function openPendingWindow(features?: string): Window | null {
  try {
    const popup = features ? window.open("about:blank", "_blank", features) : window.open("about:blank", "_blank");
    if (popup) popup.opener = null;
    return popup;
  } catch (error) {
    console.warn("[share] could not open a window", error);
    return null;
  }
}

/** Sends the pending window to `url`; when there is none (blocked), opens one now. */
export function sendWindowTo(popup: Window | null, url: string, features?: string): void {
  try {
    if (popup && !popup.closed) {
      popup.location.href = url;
      return;
    }
    window.open(url, "_blank", features ? `${features},noopener` : "noopener,noreferrer");
  } catch (error) {
    console.warn("[share] could not open the share window", error);
  }
}

export function closeWindow(popup: Window | null): void {
  try {
    if (popup && !popup.closed) popup.close();
  } catch {
    // Nothing to do.
  }
}

/** The Facebook sharer's pop-up: 600×400, centred on the current window. */
export function facebookWindowFeatures(): string {
  const width = 600;
  const height = 400;
  const x = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const y = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${x},top=${y},resizable=yes,scrollbars=yes`;
}
