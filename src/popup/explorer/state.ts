/**
 * The popup explorer's state: what the controls say, in one plain, storable value. Pure modules map it to the
 * service's own `filter` / `order_by` (filter.ts) and back; the page renders from it.
 */
import type { Direction, Field, Filter } from "../../core/query/index.ts";

/** Which list the explorer shows: the service's releases endpoint or its versions endpoint. */
export type View = "releases" | "versions";

/** The rollout control: any share, partial (`fraction<1`), full (`fraction=1`), or at least N percent. */
export type Rollout =
  | { readonly kind: "any" }
  | { readonly kind: "partial" }
  | { readonly kind: "full" }
  | { readonly kind: "atLeast"; readonly percent: number };

export interface OrderChoice {
  readonly field: Field;
  readonly direction: Direction;
}

export interface ExplorerState {
  readonly view: View;
  /** Product id as the service takes it (`chrome`, `fuchsiawebengine`, or the emulator's `browser`, ...). */
  readonly product: string;
  /** A platform id or `all` (a path segment, not a filter clause). */
  readonly platform: string;
  /** A channel id or `all` (a path segment, not a filter clause). */
  readonly channel: string;
  /** Lowest version, inclusive; `""` for none. */
  readonly versionFrom: string;
  /** Highest version; a short version covers everything under it (`120` is up to 120.x); `""` for none. */
  readonly versionTo: string;
  /** First start day, `YYYY-MM-DD` (UTC), inclusive; `""` for none. */
  readonly startFrom: string;
  /** Last start day, `YYYY-MM-DD` (UTC), inclusive; `""` for none. */
  readonly startTo: string;
  /** Live releases only (`endtime=none`). */
  readonly liveOnly: boolean;
  readonly rollout: Rollout;
  /** Sort keys, most significant first; empty means the service's default order. */
  readonly order: readonly OrderChoice[];
  /** Clauses typed in the advanced field that no control expresses; kept and sent as they are. */
  readonly extra: Filter;
}
