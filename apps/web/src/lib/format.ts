import dayjs, { type Dayjs } from 'dayjs';

/** Spec §9 formatting, in one place. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';
export const ELLIPSIS_LENGTH = 25;

export function formatDateTime(value: string | number | Date | Dayjs | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : '';
}

const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * A decimal with thousands separators and a fixed number of decimals, rounded half away from zero.
 * Money arrives as a decimal string and is worked on as digits (BigInt), never as a float.
 */
export function formatDecimal(value: string | number | null | undefined, decimals: number): string {
  if (value === null || value === undefined || value === '') return '';
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(String(value).trim());
  if (!match || (match[2] === '' && !match[3])) return String(value);
  const [, sign, whole = '', fraction = ''] = match;
  let units = BigInt(`${whole}${fraction}` || '0');
  if (fraction.length > decimals) {
    const divisor = 10n ** BigInt(fraction.length - decimals);
    units = (units + divisor / 2n) / divisor;
  } else {
    units *= 10n ** BigInt(decimals - fraction.length);
  }
  const digits = units.toString().padStart(decimals + 1, '0');
  const intPart = grouped(digits.slice(0, digits.length - decimals));
  const text = decimals > 0 ? `${intPart}.${digits.slice(digits.length - decimals)}` : intPart;
  return sign === '-' && units !== 0n ? `-${text}` : text;
}

/** The sign of a decimal string: -1, 0 or 1 (0 for anything that is not a decimal). */
export function signOf(value: string | null | undefined): -1 | 0 | 1 {
  const match = value ? /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(value.trim()) : null;
  if (!match || !/[1-9]/.test(`${match[2] ?? ''}${match[3] ?? ''}`)) return 0;
  return match[1] === '-' ? -1 : 1;
}

/** Currency amounts: 2 decimals (spec §9). */
export const formatMoney = (value: string | number | null | undefined) => formatDecimal(value, 2);
/** Weights: 3 decimals (spec §9). */
export const formatWeight = (value: string | number | null | undefined) => formatDecimal(value, 3);
/** Counts: thousands separators. */
export const formatCount = (value: number | null | undefined) => (value === null || value === undefined ? '' : grouped(String(Math.trunc(value))));

/** 1536 -> "1.5 KB": a file's size, or how much of it has arrived. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** The spec's ellipsis filter: 25 characters by default. */
export function ellipsis(text: string | null | undefined, length = ELLIPSIS_LENGTH): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length > length ? `${chars.slice(0, length).join('')}...` : text;
}

export type DatePreset = 'today' | 'yesterday' | 'thisMonth' | 'lastMonth';

/** Date presets from 00:00:00 to 23:59:59 (spec §9). */
export function datePresetRange(preset: DatePreset, now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  switch (preset) {
    case 'today':
      return [now.startOf('day'), now.endOf('day').millisecond(0)];
    case 'yesterday': {
      const day = now.subtract(1, 'day');
      return [day.startOf('day'), day.endOf('day').millisecond(0)];
    }
    case 'thisMonth':
      return [now.startOf('month'), now.endOf('month').millisecond(0)];
    case 'lastMonth': {
      const month = now.subtract(1, 'month');
      return [month.startOf('month'), month.endOf('month').millisecond(0)];
    }
  }
}

export type Greeting = 'morning' | 'forenoon' | 'noon' | 'afternoon' | 'evening';

/** Spec §9: before 9 morning, through 11 forenoon, through 13 noon, before 20 afternoon, else evening. */
export function greetingOf(hour: number): Greeting {
  if (hour < 9) return 'morning';
  if (hour <= 11) return 'forenoon';
  if (hour <= 13) return 'noon';
  if (hour < 20) return 'afternoon';
  return 'evening';
}
