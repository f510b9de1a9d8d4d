// What Strapi's database layer accepts for date, time and datetime values (@strapi/database fields/shared/parsers):
// a datetime is date-fns `parseISO` (ISO 8601 dates, week dates, ordinal dates, optional time and zone) or else a
// number of milliseconds (`parse(value, 'T')`); a date must start with yyyy-MM-dd; a time must be HH:mm:ss[.SSS].
// The project has no date library: these are the few rules, written out.

const DATE_UNITS = /^-?(?:(\d{3})|(\d{2})(?:-?(\d{2}))?|W(\d{2})(?:-?(\d{1}))?|)$/;
const TIME_UNITS = /^(\d{2}(?:[.,]\d*)?)(?::?(\d{2}(?:[.,]\d*)?))?(?::?(\d{2}(?:[.,]\d*)?))?$/;
const ZONE = /^([+-])(\d{2})(?::?(\d{2}))?$/;
const YEAR = /^(?:(\d{4}|[+-]\d{6})|(\d{2}|[+-]\d{4})$)/;
const DAYS_IN_MONTH = [31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const unit = (v: string | undefined) => (v ? parseInt(v, 10) : 1);
const timeUnit = (v: string | undefined) => (v ? parseFloat(v.replace(',', '.')) : 0) || 0;

/** Milliseconds since the epoch of an ISO week date (the Monday of week 1 is in the week of January 4th). */
function weekDate(year: number, week: number, day: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const jan4Day = (new Date(jan4).getUTCDay() + 6) % 7;
  return jan4 - jan4Day * 86400000 + ((week - 1) * 7 + day) * 86400000;
}

function isoDate(text: string): number {
  const y = YEAR.exec(text);
  if (!y) return NaN;
  const year = y[2] ? parseInt(y[2], 10) * 100 : parseInt(y[1], 10);
  const m = DATE_UNITS.exec(text.slice((y[1] || y[2]).length));
  if (!m) return NaN;
  if (m[4]) {
    const week = unit(m[4]);
    const day = unit(m[5]) - 1;
    return week >= 1 && week <= 53 && day >= 0 && day <= 6 ? weekDate(year, week, day) : NaN;
  }
  const dayOfYear = unit(m[1]);
  const month = unit(m[2]) - 1;
  const day = unit(m[3]);
  const monthDays = DAYS_IN_MONTH[month] || (isLeap(year) ? 29 : 28);
  if (month < 0 || month > 11 || day < 1 || day > monthDays || dayOfYear < 1 || dayOfYear > (isLeap(year) ? 366 : 365)) return NaN;
  const d = new Date(0);
  d.setUTCFullYear(year, month, Math.max(dayOfYear, day));
  return d.getTime();
}

function isoTime(text: string): number {
  const m = TIME_UNITS.exec(text);
  if (!m) return NaN;
  const [h, min, s] = [timeUnit(m[1]), timeUnit(m[2]), timeUnit(m[3])];
  if (h === 24 ? min !== 0 || s !== 0 : s < 0 || s >= 60 || min < 0 || min >= 60 || h < 0 || h >= 25) return NaN;
  return h * 3600000 + min * 60000 + s * 1000;
}

function isoZone(text: string): number {
  if (text === 'Z') return 0;
  const m = ZONE.exec(text);
  if (!m) return 0;
  const minutes = m[3] ? parseInt(m[3], 10) : 0;
  if (minutes < 0 || minutes > 59) return NaN;
  return (m[1] === '+' ? -1 : 1) * (parseInt(m[2], 10) * 3600000 + minutes * 60000);
}

/** date-fns `parseISO` (times without a zone read as UTC, the server's zone), NaN when it gives an invalid date. */
export function parseIso(text: string): number {
  const parts = text.split(/[T ]/);
  if (parts.length > 2) return NaN;
  let date: string | undefined;
  let time: string | undefined;
  if (/:/.test(parts[0])) time = parts[0];
  else {
    date = parts[0];
    time = parts[1];
    if (/[Z ]/i.test(date)) {
      date = text.split(/[Z ]/i)[0];
      time = text.slice(date.length);
    }
  }
  let zone: string | undefined;
  if (time) {
    const z = /([Z+-].*)$/.exec(time);
    if (z) {
      zone = z[1];
      time = time.replace(z[1], '');
    }
  }
  if (!date) return NaN;
  const day = isoDate(date);
  if (Number.isNaN(day)) return NaN;
  const ms = time ? isoTime(time) : 0;
  const offset = zone ? isoZone(zone) : 0;
  // a Date keeps whole milliseconds (seconds are read as a float: 26.912 s is 26912 ms, 1.005 s is 1004 ms)
  return Math.trunc(day + ms + offset);
}

/** A datetime column's value as epoch milliseconds, or undefined where Strapi refuses it. */
export function parseDateTime(text: string): number | undefined {
  const iso = parseIso(text);
  if (!Number.isNaN(iso)) return iso;
  // `parse(value, 'T')`: signed digits, then nothing but white space
  const m = /^-?\d+/.exec(text);
  if (m && !/\S/.test(text.slice(m[0].length))) return Number(m[0]);
  return undefined;
}

/** A time column's value normalised to HH:mm:ss.SSS, or undefined where Strapi refuses it. */
export function parseTime(text: string): string | undefined {
  const m = /^(2[0-3]|[01][0-9]):([0-5][0-9]):([0-5][0-9])(\.[0-9]{1,3})?$/.exec(text);
  return m ? `${m[1]}:${m[2]}:${m[3]}.${(m[4] ?? '.000').slice(1).padEnd(3, '0')}` : undefined;
}

/** A date column's yyyy-MM-dd, or the message Strapi refuses it with. */
export function parseDate(text: string): { date: string } | { error: string } {
  const m = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])/.exec(text);
  if (!m) return { error: 'Invalid format, expected yyyy-MM-dd' };
  return Number.isNaN(parseIso(m[0])) ? { error: 'Invalid date' } : { date: m[0] };
}
