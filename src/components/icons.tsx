/**
 * A small inline-SVG icon set: one path list per icon on a 24x24 grid, drawn with the current
 * text colour. Inline so that icons cost no requests and follow the tenant's theme colours.
 * The nav-item props schema lists these names; a test keeps the two in step.
 */
const ICONS = {
  home: ['M3 11l9-8 9 8', 'M5 10v10h5v-6h4v6h5V10'],
  gift: ['M3 8h18v4H3z', 'M5 12v9h14v-9', 'M12 8v13', 'M12 8C10 4 6 4 7 7c.5 1 3 1 5 1', 'M12 8c2-4 6-4 5-1-.5 1-3 1-5 1'],
  deposit: ['M3 6h15a3 3 0 0 1 3 3v9a2 2 0 0 1-2 2H3z', 'M12 10v6', 'M9 13h6'],
  invite: ['M5 8a4 4 0 1 0 8 0a4 4 0 1 0-8 0', 'M2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1', 'M19 8v6', 'M16 11h6'],
  user: ['M8 7a4 4 0 1 0 8 0a4 4 0 1 0-8 0', 'M4 21v-1a7 7 0 0 1 7-7h2a7 7 0 0 1 7 7v1'],
  withdraw: ['M12 15V4', 'M8 8l4-4 4 4', 'M4 14v6h16v-6'],
  refresh: ['M20 11a8 8 0 1 0-2.3 5.7', 'M20 4v7h-7'],
  eye: ['M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z', 'M9 12a3 3 0 1 0 6 0a3 3 0 1 0-6 0'],
  'eye-off': [
    'M3 3l18 18',
    'M10.6 6.1A10 10 0 0 1 12 6c6 0 10 6 10 6a17 17 0 0 1-3 3.6',
    'M6.6 6.6C3.8 8.4 2 12 2 12s4 7 10 7a9.7 9.7 0 0 0 5.4-1.6',
    'M9.9 9.9a3 3 0 0 0 4.2 4.2',
  ],
  login: ['M15 3h5v18h-5', 'M10 17l5-5-5-5', 'M15 12H3'],
  logout: ['M9 21H4V3h5', 'M16 17l5-5-5-5', 'M21 12H9'],
  menu: ['M4 6h16', 'M4 12h16', 'M4 18h16'],
  mail: ['M3 5h18v14H3z', 'M3 6l9 7 9-7'],
  record: ['M6 3h12v18H6z', 'M9 8h6', 'M9 12h6', 'M9 16h4'],
  bet: ['M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z', 'M14 7v2', 'M14 11v2', 'M14 15v2'],
  chart: ['M4 4v16h16', 'M8 16v-4', 'M12 16V7', 'M16 16v-6'],
  transfer: ['M4 8h14', 'M14 4l4 4-4 4', 'M20 16H6', 'M10 12l-4 4 4 4'],
  cashback: [
    'M4 12a8 8 0 1 0 16 0a8 8 0 1 0-16 0',
    'M14.5 9.5c-.5-1-1.5-1.5-2.5-1.5-1.4 0-2.5.8-2.5 2s1 1.6 2.5 2 2.5.8 2.5 2-1.1 2-2.5 2c-1 0-2-.5-2.5-1.5',
    'M12 6.5V8',
    'M12 16v1.5',
  ],
  trophy: ['M8 4h8v5a4 4 0 0 1-8 0z', 'M8 6H5v1a3 3 0 0 0 3 3', 'M16 6h3v1a3 3 0 0 1-3 3', 'M12 13v5', 'M8 21h8', 'M9 18h6v3H9z'],
  rebate: ['M19 5L5 19', 'M5 7a2 2 0 1 0 4 0a2 2 0 1 0-4 0', 'M15 17a2 2 0 1 0 4 0a2 2 0 1 0-4 0'],
  feedback: ['M4 4h16v12H9l-5 4z', 'M8 9h8', 'M8 12h5'],
  download: ['M12 4v11', 'M8 11l4 4 4-4', 'M4 17v3h16v-3'],
  vip: ['M3 20h18', 'M3 7l4.5 5L12 5l4.5 7L21 7l-2 10H5z'],
  shield: ['M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z', 'M9 12l2 2 4-4'],
  settings: ['M4 7h16', 'M4 17h16', 'M9 5v4', 'M15 15v4'],
  service: ['M4 14v-2a8 8 0 0 1 16 0v2', 'M4 14h3v5H4z', 'M17 14h3v5h-3z'],
  notice: ['M6 16v-5a6 6 0 0 1 12 0v5l2 2H4z', 'M10 20a2 2 0 0 0 4 0'],
  team: [
    'M6 8a3 3 0 1 0 6 0a3 3 0 1 0-6 0',
    'M2 20v-1a5 5 0 0 1 5-5h4a5 5 0 0 1 5 5v1',
    'M15 5a3 3 0 0 1 0 6',
    'M18 14a5 5 0 0 1 4 5v1',
  ],
  agent: ['M3 8h18v12H3z', 'M8 8V5h8v3', 'M3 13h18'],
  salary: ['M2 7h20v10H2z', 'M10 12a2 2 0 1 0 4 0a2 2 0 1 0-4 0', 'M6 12h.01', 'M18 12h.01'],
  dividend: ['M12 3v9h9', 'M21 12a9 9 0 1 1-9-9'],
  clock: ['M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18', 'M12 7v5l3 2'],
  'red-packet': ['M5 3h14v18H5z', 'M5 8l7 4 7-4', 'M10 14a2 2 0 1 0 4 0a2 2 0 1 0-4 0'],
  register: ['M4 20h4L19 9l-4-4L4 16z', 'M13 7l4 4'],
  language: ['M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0', 'M3 12h18', 'M12 3c3 3 3 15 0 18', 'M12 3c-3 3-3 15 0 18'],
  wallet: ['M3 6h15a3 3 0 0 1 3 3v9a2 2 0 0 1-2 2H3z', 'M3 6l12-3v3', 'M16 13h2'],
  game: ['M6 9h12a4 4 0 0 1 0 8c-1.5 0-2.5-1-3-2H9c-.5 1-1.5 2-3 2a4 4 0 0 1 0-8z', 'M8 11v4', 'M6 13h4', 'M16 12h.01', 'M17 14h.01'],
  help: ['M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0', 'M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.7', 'M12 17h.01'],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  'chevron-right': ['M9 6l6 6-6 6'],
} as const satisfies Record<string, readonly string[]>;

export type IconName = keyof typeof ICONS;

/** Every icon name, in declaration order (the props schema's enum lists the same names). */
export const ICON_NAMES = Object.keys(ICONS) as IconName[];

export interface IconProps {
  name: IconName;
  className?: string;
}

/** Decorative: the surrounding control carries the accessible name, so the SVG is hidden from AT. */
export function Icon({ name, className }: IconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICONS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
