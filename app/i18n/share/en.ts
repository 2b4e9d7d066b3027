import type { ShareDictionary } from "./ar";

const share: ShareDictionary = {
  open: "Share",
  openLabel: "Share “{{title}}”",
  full: {
    title: "Share this product:",
    collectionTitle: "Share this collection:",
    pageTitle: "Share this page:",
  },
  whatsapp: "WhatsApp",
  whatsappLabel: "Share on WhatsApp (new window)",
  facebook: "Facebook",
  facebookLabel: "Share on Facebook (new window)",
  qr: "QR code",
  copy: "Copy link",
  copied: "Copied!",
  native: "Share from this device",
  linkFailed: "The link could not be created. Please try again.",
  copyFailed: "Could not copy automatically. Please copy the link by hand.",
  unavailable: "The share window could not open. Check your connection and try again.",
  modal: {
    title: "Share the link",
    loading: "Creating the link...",
    qrAlt: "QR code of the link to “{{title}}”",
    scanHint: "Scan the code with your camera",
    linkLabel: "Trackable link:",
    copy: "Copy",
    retry: "Try again",
    close: "Close",
  },
  errors: {
    invalidJson: "The request could not be read. Please try again.",
    invalid: "The link details are not valid.",
    unknownTarget: "The page to share does not exist or is not available.",
    rateLimited: "You have created many links in a short time. Please try again later.",
    methodNotAllowed: "This method is not allowed.",
  },
};

export default share;
