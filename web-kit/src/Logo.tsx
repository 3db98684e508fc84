import type { SVGProps } from 'react';

export function Logo(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" role="img" {...props}>
      <rect x="3" y="5" width="7" height="22" rx="1.5" fill="currentColor" opacity="0.9" />
      <rect x="12" y="9" width="7" height="18" rx="1.5" fill="currentColor" opacity="0.7" />
      <rect x="21" y="3" width="8" height="24" rx="1.5" transform="rotate(8 25 15)" fill="currentColor" opacity="0.5" />
      <rect x="1" y="27" width="30" height="2.5" rx="1" fill="currentColor" />
    </svg>
  );
}
