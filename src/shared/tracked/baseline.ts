/**
 * When a web feature becomes Baseline widely available: 30 months after its Baseline low date, as
 * web-features defines it (its `baseline_high_date` is that day once reached). A date may carry `≤` ("on or
 * before"), and so does the day computed from it. Pure.
 */
import type { AssetFeature } from "../../core/features/asset.ts";
import { formatDay } from "../status/time.ts";

/** Months from Baseline newly available to widely available. */
export const WIDELY_AFTER_MONTHS = 30;

/** `YYYY-MM-DD` plus `months`; a day past the end of the target month is that month's last day. */
export function addMonths(day: string, months: number): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [year, month, date] = [Number(m[1]), Number(m[2]) - 1 + months, Number(m[3])];
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return formatDay(Date.UTC(year, month, Math.min(date, last)));
}

/**
 * The day the feature is (or was) Baseline widely available: its high date when it has one, else its low
 * date plus 30 months; null when it is not Baseline at all, or the date does not read.
 */
export function widelyAvailableDay(
  feature: Pick<AssetFeature, "baseline" | "baselineLow" | "baselineHigh">,
): string | null {
  if (feature.baseline === false) return null;
  if (feature.baselineHigh !== undefined) return feature.baselineHigh;
  if (feature.baselineLow === undefined) return null;
  const upTo = feature.baselineLow.startsWith("≤");
  const day = addMonths(feature.baselineLow.replace(/^≤/, ""), WIDELY_AFTER_MONTHS);
  return day === null ? null : `${upTo ? "≤" : ""}${day}`;
}
