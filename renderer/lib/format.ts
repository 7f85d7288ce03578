// How values read in the list and the details pane.
import type { Person } from '../../shared/schemas/common.ts';

export function personName(person: Person): string {
  return [person.first_name, person.last_name].filter(Boolean).join(' ');
}

/** "Smith, Jones and Lee" or "Smith et al." beyond three. */
export function authorsSummary(authors: readonly Person[] | undefined): string {
  if (!authors || authors.length === 0) return '';
  const last = authors.map((a) => a.last_name);
  if (last.length > 3) return `${last[0]} et al.`;
  if (last.length === 1) return last[0]!;
  return `${last.slice(0, -1).join(', ')} and ${last[last.length - 1]}`;
}

/** A local date for list columns: "2026-11-22" reads the same in every locale. */
export function shortDate(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Compact dates for narrow list columns: "14:05" today, "22 Nov" this year, else the date. */
export function listDate(iso: string | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  if (date.toDateString() === now.toDateString()) return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  if (date.getFullYear() === now.getFullYear()) return `${date.getDate()} ${MONTHS[date.getMonth()]}`;
  return shortDate(iso);
}

/** "just now", "5 min ago", "3 h ago", else the date. */
export function relativeTime(iso: string | undefined, now: number = Date.now()): string {
  if (!iso) return 'never';
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return 'never';
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return shortDate(iso);
}

/**
 * A whole number with thousands separators, as toLocaleString('en') writes it ("100,000"),
 * without ICU: the first call of that loads ICU's number formats, which cost the window's
 * first render tens of milliseconds (the status bar counts the library).
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString('en');
  const digits = String(Math.abs(count)).replace(/\B(?=(\d{3})+$)/g, ',');
  return count < 0 ? `-${digits}` : digits;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
