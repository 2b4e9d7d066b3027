/** The shop's mark: a shopping bag. Decorative; the shop name beside it is the accessible text. */
export function Logo({ className = "size-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="12" fill="#047857" />
      <path d="M14 19h20l-1.6 17.2A3 3 0 0 1 29.4 39H18.6a3 3 0 0 1-3-2.8L14 19Z" fill="#fff" />
      <path d="M19 22v-4a5 5 0 0 1 10 0v4" fill="none" stroke="#f59e0b" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}
