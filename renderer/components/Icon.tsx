// Small line icons drawn inline, so they look the same on every system font.
const PATHS = {
  plus: 'M8 3v10M3 8h10',
  clip: 'M10.5 4.5 5.2 9.8a1.6 1.6 0 0 0 2.3 2.3l5.6-5.6a3 3 0 0 0-4.3-4.3L3.4 7.6a4.4 4.4 0 0 0 6.2 6.2l4-4',
  trash: 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 8.5h5.6l.7-8.5',
  gear: 'M8 5.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5ZM8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4',
  search: 'M7 2.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9ZM10.3 10.3l3.2 3.2',
  folder: 'M2 4.5V12.5h12V5.5H7.5L6 4H2Z',
  library: 'M3 2.5v11M6 2.5v11M9 3l3.5 10.5',
  clock: 'M8 2.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM8 5v3.2l2 1.3',
  star: 'M8 2l1.8 3.9 4.2.5-3.1 2.8.8 4.2L8 11.3 4.3 13.4l.8-4.2L2 6.4l4.2-.5Z',
  review: 'M8 2.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM8 5v3.5M8 10.5v.5',
  help: 'M6 6.2a2 2 0 1 1 2.8 1.8c-.5.3-.8.7-.8 1.3v.4M8 11.5v.5',
  book: 'M3 3h4a1.5 1.5 0 0 1 1 .5 1.5 1.5 0 0 1 1-.5h4v9.5H9a1 1 0 0 0-1 .5 1 1 0 0 0-1-.5H3ZM8 3.5v9.5',
  tag: 'M2.5 2.5h5l6 6-5 5-6-6ZM5 5h.01',
  person: 'M8 2.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5ZM3 13.5c.6-2.6 2.6-4 5-4s4.4 1.4 5 4',
  group: 'M6 3a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM1.8 12.5c.4-2.2 2-3.5 4.2-3.5s3.8 1.3 4.2 3.5M10.8 3.3a2 2 0 0 1 0 3.6M11.8 9.2c1.3.5 2.2 1.6 2.4 3.3',
  lock: 'M4.5 7.5h7v6h-7ZM6 7.5V5.5a2 2 0 0 1 4 0v2',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 14 }: { name: IconName; size?: number }) {
  return (
    <svg className={`icon icon-${name}`} width={size} height={size} viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
