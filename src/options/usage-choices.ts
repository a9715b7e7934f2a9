/**
 * The region list of the "Share of users" field: "Worldwide only", then the regions the usage data offers
 * (countries by name, then the continents), read from the package's usage.json once the page is shown. The
 * value shown stays what the form holds; a read that fails says so under the field and leaves the list short.
 */
import type { UsageAsset } from "../core/usage/asset.ts";
import { byId, setChoices } from "../shared/page/dom.ts";

export const WORLDWIDE_CHOICE = { value: "", label: "Worldwide only" };

/** The choices for `asset`'s regions. */
export function regionChoices(asset: UsageAsset): { value: string; label: string }[] {
  return [WORLDWIDE_CHOICE, ...asset.regions.map(([value, label]) => ({ value, label }))];
}

/** Fills the list once `asset` is read, keeping the selected value. */
export async function fillRegions(asset: () => Promise<UsageAsset>): Promise<void> {
  const select = byId("usageRegion", HTMLSelectElement);
  try {
    const choices = regionChoices(await asset());
    const value = select.value;
    // A stored code the data does not offer stays listed, by its code, rather than silently change.
    if (!choices.some((c) => c.value === value)) choices.push({ value, label: value });
    setChoices(select, choices, value);
  } catch (error) {
    byId("usageRegion-error", HTMLElement).textContent =
      `The regions could not be listed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
