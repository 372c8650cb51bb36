import type { ReactNode, SVGProps } from 'react';

/** Inline icons (no icon package on the landing page); decorative unless given a title. */
type IconProps = SVGProps<SVGSVGElement>;

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  viewBox: '0 0 24 24',
} as const;

/** An outline icon of these shapes, drawn in the text colour. */
const strokeIcon = (shapes: ReactNode) =>
  function StrokeIcon(props: IconProps) {
    return (
      <svg {...stroke} {...props}>
        {shapes}
      </svg>
    );
  };

export const LogoMark = (props: IconProps) => (
  <svg viewBox="0 0 32 32" aria-hidden="true" {...props}>
    <rect width="32" height="32" rx="8" fill="currentColor" />
    <path d="M9 22V10h7a4 4 0 0 1 0 8h-4v4z" fill="#fff" />
  </svg>
);

export const CheckIcon = strokeIcon(<path d="M20 6 9 17l-5-5" />);

export const ChevronDownIcon = strokeIcon(<path d="m6 9 6 6 6-6" />);

export const ShieldIcon = strokeIcon(
  <>
    <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
    <path d="m9 12 2 2 4-4" />
  </>,
);

export const ClockIcon = strokeIcon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </>,
);

export const ReceiptIcon = strokeIcon(
  <>
    <path d="M4 2v20l3-2 3 2 2-2 2 2 3-2 3 2V2l-3 2-3-2-2 2-2-2-3 2z" />
    <path d="M8 8h8M8 12h8M8 16h5" />
  </>,
);

export const ChatIcon = strokeIcon(<path d="M21 12a8 8 0 0 1-11.6 7.1L3 21l1.9-6.4A8 8 0 1 1 21 12z" />);

export const SpinnerIcon = (props: IconProps) => (
  <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" {...props}>
    <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
    <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
  </svg>
);
