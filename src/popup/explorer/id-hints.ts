/**
 * Pure: hints for `platform=` and `channel=` clauses the service will never match. Such a filter is valid (the
 * language takes any platform text, and every channel the catalog knows), so the service answers with an
 * empty list and no reason; a hint built from the ids the service itself listed says why, and what was
 * probably meant.
 */
import { labelOf } from "../../core/catalog.ts";
import type { Filter } from "../../core/query/index.ts";

/** The ids the service has listed; a kind left out (or empty, not yet known) gets no hints. */
export interface KnownIds {
  readonly platforms?: readonly string[];
  readonly channels?: readonly string[];
}

/** At most this many suggestions follow "did you mean". */
const MAX_SUGGESTIONS = 3;
/** At most this many ids are listed when none is close. */
const MAX_LISTED = 8;
/** At most this many characters of a typed value are quoted: a hint must stay a short line. */
const MAX_QUOTED = 40;

/**
 * One hint for each distinct `platform=` or `channel=` value that is not among the known ids, in the order
 * the clauses come. Only `=`: the other operators (`channel<=beta`) compare, and match ids other than the
 * one written. Example: `No platform is called "windows"; did you mean win64, win or win_arm64?`.
 */
export function idHints(filter: Filter, known: KnownIds): string[] {
  const hints: string[] = [];
  const seen = new Set<string>();
  for (const { field, op, value } of filter) {
    if (op !== "=") continue;
    const kind = field === "platform" ? "platform" : field === "channel" ? "channel" : null;
    const typed = value.type === "string" ? value.text : value.type === "channel" ? value.id : null;
    if (kind === null || typed === null) continue;
    const ids = kind === "platform" ? known.platforms : known.channels;
    if (!ids || ids.length === 0 || ids.includes(typed) || seen.has(`${kind}=${typed}`)) continue;
    seen.add(`${kind}=${typed}`);
    hints.push(hint(kind, typed, ids));
  }
  return hints;
}

function hint(kind: "platform" | "channel", typed: string, ids: readonly string[]): string {
  const start = `No ${kind} is called ${quote(typed)}`;
  const close = suggestions(typed, ids);
  if (close.length > 0) return `${start}; did you mean ${orList(close)}?`;
  const listed = ids.slice(0, MAX_LISTED).join(", ");
  return `${start}; the service has: ${listed}${ids.length > MAX_LISTED ? ", …" : ""}`;
}

/**
 * The known ids close to a typed value, best first, at most MAX_SUGGESTIONS. An id that is the typed value
 * once case, accents and punctuation are set aside (`WIN64`, `wïn64`, `win-arm64`) is the one meant, alone.
 * Otherwise: ids whose id or label contains the value or is contained in it (`Windows` is win64's label,
 * `win` is in `windows`, `arm` in `win_arm64`), then ids a few typing mistakes away (`linxu`); within each,
 * the fewer edits the better (so the label `Windows` comes first for `windows`), then the service's order.
 */
function suggestions(typed: string, ids: readonly string[]): string[] {
  const t = plain(typed);
  if (t === "") return [];
  const same = ids.filter((id) => plain(id) === t);
  if (same.length > 0) return same.slice(0, MAX_SUGGESTIONS);
  const ranked: { id: string; tier: number; distance: number; index: number }[] = [];
  ids.forEach((id, index) => {
    const names = [plain(id), plain(labelOf(id))];
    const distance = Math.min(...names.map((n) => editDistance(t, n)));
    let tier: number;
    if (names.some((n) => contains(n, t) || contains(t, n))) tier = 0;
    else if (distance <= Math.max(1, Math.floor(t.length / 3))) tier = 1;
    else return;
    ranked.push({ id, tier, distance, index });
  });
  ranked.sort((a, b) => a.tier - b.tier || a.distance - b.distance || a.index - b.index);
  return ranked.slice(0, MAX_SUGGESTIONS).map((r) => r.id);
}

/** Whether `outer` contains `inner`, for an `inner` long enough to mean something (`a` is in most ids). */
function contains(outer: string, inner: string): boolean {
  return inner.length >= 2 && outer.includes(inner);
}

/** Lower case, accents dropped (`ï` -> `i`), only letters and digits: `Windows (32-bit)` -> `windows32bit`. */
function plain(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/**
 * Edits (insert, delete, replace, swap two neighbours) from `a` to `b`: the optimal string alignment
 * distance, so `stabel` is one edit from `stable`, as a person would count it.
 */
function editDistance(a: string, b: string): number {
  // Three rows are enough: the swap looks two rows back.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (before[j - 2] as number) + 1);
      }
      current.push(d);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

/** `a`, `a or b`, `a, b or c`. */
function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** A typed value in double quotes, cut with "…" after MAX_QUOTED characters (never mid surrogate pair). */
function quote(text: string): string {
  const chars = Array.from(text);
  return chars.length <= MAX_QUOTED ? `"${text}"` : `"${chars.slice(0, MAX_QUOTED).join("")}…"`;
}
