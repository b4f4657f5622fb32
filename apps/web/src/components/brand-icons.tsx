import type { ReactNode, SVGProps } from 'react';

// Brand marks drawn inline (no external images, no requests). Social and chat marks are the
// Simple Icons paths (CC0, https://simpleicons.org); payment badges are simple lettered
// stand-ins. Social marks are decorative (the link names them); payment badges carry their
// own accessible name because they stand alone.
type IconProps = SVGProps<SVGSVGElement>;

function Mark({ children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function FacebookIcon(props: IconProps) {
  return (
    <Mark {...props}>
      <path d="M9.101 23.691v-7.98H6.627v-3.667h2.474v-1.58c0-4.085 1.848-5.978 5.858-5.978.401 0 .955.042 1.468.103a8.68 8.68 0 0 1 1.141.195v3.325a8.623 8.623 0 0 0-.653-.036 26.805 26.805 0 0 0-.733-.009c-.707 0-1.259.096-1.675.309a1.686 1.686 0 0 0-.679.622c-.258.42-.374.995-.374 1.752v1.297h3.919l-.386 2.103-.287 1.564h-3.246v8.245C19.396 23.238 24 18.179 24 12.044c0-6.627-5.373-12-12-12s-12 5.373-12 12c0 5.628 3.874 10.35 9.101 11.647Z" />
    </Mark>
  );
}

export function XTwitterIcon(props: IconProps) {
  return (
    <Mark {...props}>
      <path d="M18.901 1.153h3.68l-8.04 9.19L24 22.846h-7.406l-5.8-7.584-6.638 7.584H.474l8.6-9.83L0 1.154h7.594l5.243 6.932ZM17.61 20.644h2.039L6.486 3.24H4.298Z" />
    </Mark>
  );
}

export function InstagramIcon(props: IconProps) {
  return (
    <Mark fill="none" stroke="currentColor" strokeWidth="2" {...props}>
      <rect x="2.5" y="2.5" width="19" height="19" rx="5.5" />
      <circle cx="12" cy="12" r="4.25" />
      <circle cx="17.6" cy="6.4" r="1.2" fill="currentColor" stroke="none" />
    </Mark>
  );
}

export function WhatsAppIcon(props: IconProps) {
  return (
    <Mark {...props}>
      <path d="M17.472 14.382c-.297-.149-1.758-.867-2.03-.967-.273-.099-.471-.148-.67.15-.197.297-.767.966-.94 1.164-.173.199-.347.223-.644.075-.297-.15-1.255-.463-2.39-1.475-.883-.788-1.48-1.761-1.653-2.059-.173-.297-.018-.458.13-.606.134-.133.298-.347.446-.52.149-.174.198-.298.298-.497.099-.198.05-.371-.025-.52-.075-.149-.669-1.612-.916-2.207-.242-.579-.487-.5-.669-.51-.173-.008-.371-.01-.57-.01-.198 0-.52.074-.792.372-.272.297-1.04 1.016-1.04 2.479 0 1.462 1.065 2.875 1.213 3.074.149.198 2.096 3.2 5.077 4.487.709.306 1.262.489 1.694.625.712.227 1.36.195 1.871.118.571-.085 1.758-.719 2.006-1.413.248-.694.248-1.289.173-1.413-.074-.124-.272-.198-.57-.347m-5.421 7.403h-.004a9.87 9.87 0 0 1-5.031-1.378l-.361-.214-3.741.982.998-3.648-.235-.374a9.86 9.86 0 0 1-1.51-5.26c.001-5.45 4.436-9.884 9.888-9.884 2.64 0 5.122 1.03 6.988 2.898a9.825 9.825 0 0 1 2.893 6.994c-.003 5.45-4.437 9.884-9.885 9.884m8.413-18.297A11.815 11.815 0 0 0 12.05 0C5.495 0 .16 5.335.157 11.892c0 2.096.547 4.142 1.588 5.945L.057 24l6.305-1.654a11.882 11.882 0 0 0 5.683 1.448h.005c6.554 0 11.89-5.335 11.893-11.893a11.821 11.821 0 0 0-3.48-8.413Z" />
    </Mark>
  );
}

// ---------------------------------------------------------------------------------------------
// Payment badges: 48 x 30 cards with a visible label, named for assistive technology.

interface BadgeProps {
  className?: string;
}

function Badge({
  label,
  className,
  children,
}: BadgeProps & { label: string; children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 48 30"
      width="48"
      height="30"
      role="img"
      aria-label={label}
      className={className}
    >
      {children}
    </svg>
  );
}

const badgeText = {
  fontFamily: 'system-ui, sans-serif',
  fontWeight: 800,
  textAnchor: 'middle',
} as const;

export function MpesaBadge({ className }: BadgeProps) {
  return (
    <Badge label="M-Pesa" className={className}>
      <rect width="48" height="30" rx="4" fill="#ffffff" stroke="#d6d3d1" />
      <text x="24" y="19" fontSize="10" fill="#00a650" {...badgeText}>
        M-PESA
      </text>
    </Badge>
  );
}

export function VisaBadge({ className }: BadgeProps) {
  return (
    <Badge label="Visa" className={className}>
      <rect width="48" height="30" rx="4" fill="#ffffff" stroke="#d6d3d1" />
      <text x="24" y="20" fontSize="13" fill="#1a1f71" fontStyle="italic" {...badgeText}>
        VISA
      </text>
    </Badge>
  );
}

export function MastercardBadge({ className }: BadgeProps) {
  return (
    <Badge label="Mastercard" className={className}>
      <rect width="48" height="30" rx="4" fill="#ffffff" stroke="#d6d3d1" />
      <circle cx="19.5" cy="15" r="8" fill="#eb001b" />
      <circle cx="28.5" cy="15" r="8" fill="#f79e1b" fillOpacity="0.9" />
    </Badge>
  );
}

export function AirtelMoneyBadge({ className }: BadgeProps) {
  return (
    <Badge label="Airtel Money" className={className}>
      <rect width="48" height="30" rx="4" fill="#e40000" />
      <text x="24" y="14" fontSize="8.5" fill="#ffffff" {...badgeText}>
        airtel
      </text>
      <text x="24" y="24" fontSize="7" fill="#ffffff" {...badgeText}>
        money
      </text>
    </Badge>
  );
}
