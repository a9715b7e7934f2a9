/**
 * Partial responses: the `fields` system parameter every Google API takes
 * (https://cloud.google.com/apis/docs/system-parameters), e.g. `fields=releases(version,fraction),nextPageToken`.
 *
 *   fields    = selection *( "," selection )
 *   selection = path [ "(" fields ")" ]        sub-selections apply to each element of a list
 *   path      = name *( "/" name )             `a/b` is `a(b)`
 *   name      = 1*( ALPHA / DIGIT / "_" ) / "*"  `*` selects every field
 *
 * Parsing is checked against the shape of the answer, as Google's front end does: a malformed mask or a
 * field the answer does not have is a 400 INVALID_ARGUMENT that quotes the mask and says where it broke.
 */
import { invalidArgument, type GoogleApiError } from "./google-errors.ts";

/** What a mask keeps of an object: each field, whole (`true`) or by a sub-mask. */
export type Mask = ReadonlyMap<string, Mask | true>;

/** The fields of an answer and of its nested objects; `null` marks a scalar (or a list of scalars). */
export interface Shape {
  readonly [field: string]: Shape | null;
}

const SERVING: Shape = { startTime: null, endTime: null };
const ROLLOUT: Shape = { rolloutName: null, tag: null };

/** Each list endpoint's answer, as the service's resources have it (src/core/types.ts). */
export const ANSWER_SHAPES: Readonly<Record<"platforms" | "channels" | "versions" | "releases", Shape>> = {
  platforms: { platforms: { name: null, platformType: null }, nextPageToken: null },
  channels: { channels: { name: null, channelType: null }, nextPageToken: null },
  versions: { versions: { name: null, version: null }, nextPageToken: null },
  releases: {
    releases: {
      name: null,
      version: null,
      serving: SERVING,
      fraction: null,
      fractionGroup: null,
      pinnable: null,
      rolloutData: ROLLOUT,
    },
    nextPageToken: null,
  },
};

/** Longest mask read: a mask naming every field of a release twice over is a few hundred characters. */
const MAX_MASK = 1000;

/**
 * Parses `text` against `shape`.
 * @throws GoogleApiError (400 INVALID_ARGUMENT) for a malformed mask or a field `shape` lacks
 */
export function parseFieldMask(text: string, shape: Shape): Mask {
  const quoted = JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
  const fail = (at: number, what: string): GoogleApiError =>
    invalidArgument(`Invalid fields mask ${quoted}: ${what} at character ${at + 1}.`);
  if (text.length > MAX_MASK)
    throw invalidArgument(`Invalid fields mask: longer than ${MAX_MASK} characters.`);
  if (text === "") throw fail(0, "empty mask");
  let at = 0;

  function name(): string {
    if (text[at] === "*") {
      at++;
      return "*";
    }
    const start = at;
    while (at < text.length && /[A-Za-z0-9_]/.test(text[at] ?? "")) at++;
    if (at === start)
      throw fail(
        at,
        text[at] === undefined
          ? "a field name expected, end of mask found"
          : `a field name expected, ${JSON.stringify(text[at])} found`,
      );
    return text.slice(start, at);
  }

  /** Reads selections up to `)` or the end, into `into`, checked against `within`. */
  function selections(within: Shape, into: Map<string, Map<string, unknown> | true>, nested: boolean): void {
    for (;;) {
      let shape: Shape | null = within;
      let target = into;
      let field: string;
      // path: name ("/" name)*
      for (;;) {
        const start = at;
        field = name();
        if (shape === null)
          throw fail(start, `${JSON.stringify(field)} selected inside a field that has none`);
        if (field !== "*" && !(field in shape)) throw fail(start, `no field ${JSON.stringify(field)} here`);
        if (text[at] !== "/") break;
        at++;
        if (field === "*") throw fail(at - 1, "nothing can follow *");
        // Under a field already kept whole, a partial selection is read (and checked) but adds nothing.
        const existing = target.get(field);
        const next = existing === true || existing === undefined ? new Map() : existing;
        if (existing !== true) target.set(field, next);
        target = next as Map<string, Map<string, unknown> | true>;
        shape = shape[field] ?? null;
      }
      if (text[at] === "(") {
        if (field === "*") throw fail(at, "* takes no sub-selection");
        const sub = shape === null ? null : (shape[field] ?? null);
        if (sub === null) throw fail(at, `${JSON.stringify(field)} has no fields to select`);
        at++;
        const existing = target.get(field);
        const inner =
          existing === true ? new Map() : (existing ?? new Map<string, Map<string, unknown> | true>());
        selections(sub, inner as Map<string, Map<string, unknown> | true>, true);
        if (text[at] !== ")") throw fail(at, "unclosed (");
        at++;
        if (existing !== true) target.set(field, inner as Map<string, unknown>);
      } else {
        target.set(field, true);
      }
      if (text[at] === ",") {
        at++;
        continue;
      }
      if (at === text.length || (nested && text[at] === ")")) return;
      throw fail(at, `${JSON.stringify(text[at])} unexpected`);
    }
  }

  const root = new Map<string, Map<string, unknown> | true>();
  selections(shape, root, false);
  return root as unknown as Mask;
}

/** `value` with only what `mask` keeps: lists are masked element by element, objects field by field. */
export function applyFieldMask(value: unknown, mask: Mask | true): unknown {
  if (mask === true || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => applyFieldMask(item, mask));
  const all = mask.get("*");
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    const sub = mask.get(key) ?? all;
    if (sub !== undefined) kept[key] = applyFieldMask(field, sub);
  }
  return kept;
}

/** A canonical text of a mask, for cache keys: the same selection written two ways gives one text. */
export function maskKey(mask: Mask | true): string {
  if (mask === true) return "";
  return [...mask.keys()]
    .sort()
    .map((key) => {
      const sub = mask.get(key) ?? true;
      return sub === true ? key : `${key}(${maskKey(sub)})`;
    })
    .join(",");
}
