/**
 * What a watched item is, read from the bundled feature data: a feature by its id (a moved one followed to
 * where it went), a compat key by its key, a milestone by its number. An id the data no longer has (the
 * extension updated, and web-features dropped it) resolves to null, and the list says so.
 */
import { perAsset, type FeatureAsset } from "../../core/features/asset.ts";
import { compatKeys, type CompatKey } from "../../core/features/compat-keys.ts";
import { exactIndex } from "../../core/features/exact.ts";
import { supportedOfFeature, supportedOfKey } from "../answers/supported.ts";
import type { TrackedItem } from "./items.ts";
import type { TrackedSubject } from "./progress.ts";
import { widelyAvailableDay } from "./baseline.ts";

const keysOf: (asset: FeatureAsset) => ReadonlyMap<string, CompatKey> = perAsset(
  (asset) => new Map(compatKeys(asset).map((k) => [k.key, k])),
);

/** The item's subject, with a web feature's Baseline widely-available day; null when the data lacks it. */
export function subjectOf(
  asset: FeatureAsset,
  item: Pick<TrackedItem, "kind" | "id">,
): (TrackedSubject & { readonly widely?: string | null }) | null {
  switch (item.kind) {
    case "milestone":
      return { kind: "milestone", label: `M${item.id}`, milestone: Number(item.id) };
    case "feature": {
      const feature = exactIndex(asset).byId(item.id);
      if (feature === null) return null;
      return {
        kind: "support",
        label: feature.name,
        supported: supportedOfFeature(feature),
        raw: { kind: "feature", feature },
        widely: widelyAvailableDay(feature),
      };
    }
    case "key": {
      const key = keysOf(asset).get(item.id);
      return key === undefined
        ? null
        : { kind: "support", label: key.key, supported: supportedOfKey(key), raw: { kind: "key", key } };
    }
  }
}
