// If-Unmodified-Since for PATCH. HTTP dates (RFC 7231 §7.1.1.1: IMF-fixdate, the obsolete
// RFC 850 form and asctime) have whole seconds, so the document's millisecond timestamp is
// truncated before comparing; sync clients that send back the ISO last_modified they read
// (milliseconds) are compared exactly.
import { badRequest, preconditionFailed } from '../http/errors.ts';

export interface UnmodifiedSince {
  /** Epoch milliseconds. */
  at: number;
  /** 'second' for HTTP dates, 'millisecond' for ISO 8601 timestamps. */
  precision: 'second' | 'millisecond';
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY = '(?:mon|tue|wed|thu|fri|sat|sun)';
const LONG_DAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ([a-z]{3}) (\\d{4}) ${TIME} gmt$`, 'i');
const RFC850 = new RegExp(`^${LONG_DAY}, (\\d{2})-([a-z]{3})-(\\d{2}) ${TIME} gmt$`, 'i');
const ASCTIME = new RegExp(`^${DAY} ([a-z]{3}) ([ \\d]\\d) ${TIME} (\\d{4})$`, 'i');
// The zone's sign may be a space: an unescaped '+' in a URL's query reads as one.
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?([Zz]|[+\- ]\d{2}:?\d{2})?)?$/;

function utc(year: number, monthName: string, day: number, h: string, m: string, s: string): number | undefined {
  const month = MONTHS.indexOf(monthName.toLowerCase());
  if (month < 0) return undefined;
  const ms = Date.UTC(year, month, day, Number(h), Number(m), Number(s));
  const check = new Date(ms);
  // Rejects 31 Feb and the like instead of rolling over into March.
  if (check.getUTCDate() !== day || Number(h) > 23 || Number(m) > 59 || Number(s) > 60) return undefined;
  return ms;
}

export function parseHttpDate(value: string): number | undefined {
  const text = value.trim();
  let m = IMF_FIXDATE.exec(text);
  if (m) return utc(Number(m[3]), m[2]!, Number(m[1]), m[4]!, m[5]!, m[6]!);
  m = RFC850.exec(text);
  if (m) {
    // RFC 7231: a two-digit year more than 50 years in the future means the past century.
    const yy = Number(m[3]);
    const thisYear = new Date().getUTCFullYear();
    let year = 2000 + yy;
    if (year > thisYear + 50) year -= 100;
    return utc(year, m[2]!, Number(m[1]), m[4]!, m[5]!, m[6]!);
  }
  m = ASCTIME.exec(text);
  if (m) return utc(Number(m[6]), m[1]!, Number(m[2]!.trim()), m[3]!, m[4]!, m[5]!);
  return undefined;
}

/** An ISO 8601 timestamp as epoch ms; no zone means UTC (the service writes UTC everywhere). */
export function parseIsoTimestamp(value: string): number | undefined {
  const m = ISO.exec(value.replace(/^\s+|\s+$/g, ''));
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone = 'Z'] = m;
  const ms = frac ? `.${frac.padEnd(3, '0').slice(0, 3)}` : '';
  const signed = zone.startsWith(' ') ? `+${zone.slice(1)}` : zone;
  const normalisedZone = signed === 'z' ? 'Z' : signed.length === 5 ? `${signed.slice(0, 3)}:${signed.slice(3)}` : signed;
  const parsed = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${ms}${normalisedZone}`);
  if (Number.isNaN(parsed)) return undefined;
  // Date.parse accepts 2021-02-30; the round trip catches it.
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d)) return undefined;
  return parsed;
}

export function parseUnmodifiedSince(header: string | string[] | undefined): UnmodifiedSince | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] ?? '' : header;
  const http = parseHttpDate(value);
  if (http !== undefined) return { at: http, precision: 'second' };
  const iso = parseIsoTimestamp(value);
  if (iso !== undefined) return { at: iso, precision: 'millisecond' };
  throw badRequest('If-Unmodified-Since must be an HTTP date (e.g. "Tue, 15 Nov 1994 08:12:31 GMT") or an ISO 8601 timestamp');
}

/** Throws 412 when the document changed after the client's time. */
export function assertUnmodifiedSince(condition: UnmodifiedSince | undefined, lastModified: string): void {
  if (!condition) return;
  const modified = Date.parse(lastModified);
  const compared = condition.precision === 'second' ? Math.floor(modified / 1000) * 1000 : modified;
  if (compared > condition.at) {
    throw preconditionFailed(`Document was modified at ${lastModified}, after ${new Date(condition.at).toISOString()}`);
  }
}
