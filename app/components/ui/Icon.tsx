import type { ReactNode } from "react";

/** A 24×24 stroked line icon; decorative (the text beside it says what it means). */
export function Icon({ children, className = "size-6" }: { children: ReactNode; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const PhoneIcon = ({ className = "size-5 shrink-0" }: { className?: string }) => (
  <Icon className={className}>
    <path d="M5 4h3.5l1.5 4-2 1.5a11 11 0 0 0 6.5 6.5l1.5-2 4 1.5V19a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
  </Icon>
);

export const MailIcon = ({ className = "size-5 shrink-0" }: { className?: string }) => (
  <Icon className={className}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </Icon>
);

/** An arrow that points in the reading direction (mirrored on RTL pages). */
export const ArrowIcon = ({ className = "size-4 shrink-0" }: { className?: string }) => (
  <Icon className={`${className} rtl:-scale-x-100`}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Icon>
);

/** A shield with a check mark (authentic products). */
export const ShieldCheckIcon = ({ className = "size-6" }: { className?: string }) => (
  <Icon className={className}>
    <path d="M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6l7-3z" />
    <path d="M9 12l2 2 4-4" />
  </Icon>
);

/** A delivery truck that drives in the reading direction (mirrored on RTL pages). */
export const TruckIcon = ({ className = "size-6" }: { className?: string }) => (
  <Icon className={`${className} rtl:-scale-x-100`}>
    <path d="M2 6h12v10H2zM14 10h4l3 3v3h-7" />
    <circle cx="6" cy="18" r="2" />
    <circle cx="17" cy="18" r="2" />
  </Icon>
);
