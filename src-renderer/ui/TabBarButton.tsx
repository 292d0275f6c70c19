import type { ButtonHTMLAttributes } from 'react';

/** The paths of each 24×24 stroked icon. */
const icons = {
  bell: (
    <>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </>
  ),
  inbox: (
    <>
      <path d="M22 12h-6l-2 3h-4l-2-3H2" />
      <path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" />
    </>
  ),
};

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'> {
  icon: keyof typeof icons;
  /** Shown as a badge on the icon when above 0; the button's label says it in words. */
  count: number;
  /** The badge's own look. */
  countClassName: string;
}

/** A button of the tab bar's right end: an icon with a count badge (the notification bell, the outbox). */
export function TabBarButton({ icon, count, countClassName, ...button }: Props) {
  return (
    <button type="button" {...button}>
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {icons[icon]}
      </svg>
      {count > 0 && (
        <span className={countClassName} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}
