// The brand's outline (an arch between two columns): the logo, and drawn stroke by stroke as the loading animation.
export function BrandMark({ className, animated = false, title }: { className?: string; animated?: boolean; title?: string }) {
  return (
    <svg
      className={`${className ?? ""}${animated ? " brand-draw" : ""}`}
      viewBox="0 0 64 64"
      width="40"
      height="40"
      role={title ? "img" : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <g fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <path
          pathLength={100}
          d="M8 56 H56 M12 56 V22 M20 56 V22 M44 56 V22 M52 56 V22 M8 22 H56 M20 56 V38 A12 12 0 0 1 44 38 V56 M32 4 L56 18 H8 Z"
        />
      </g>
    </svg>
  );
}
