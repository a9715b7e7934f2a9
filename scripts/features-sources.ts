/**
 * The data packages as the build step reads them: the parts of web-features', browser-compat-data's and
 * caniuse's data it reads, a compat key's entry, and a browser's support of it in the asset's words (`80`,
 * `≤37`, `1-127`).
 */
import type { BcdStatement } from "../src/core/usage/support.ts";

/** The part of web-features' `data.json` read here. */
export interface WebFeaturesData {
  readonly features: Readonly<Record<string, WebFeature>>;
  readonly groups?: Readonly<Record<string, { readonly name: string }>>;
}

export type Support = Readonly<Record<string, string>>;

export type WebFeature =
  | {
      readonly kind: "feature";
      readonly name: string;
      /** Its one-paragraph description, as text ("… Also known as the Battery API."). */
      readonly description?: string;
      readonly caniuse?: readonly string[];
      readonly compat_features?: readonly string[];
      readonly spec?: readonly string[];
      readonly group?: readonly string[];
      readonly discouraged?: { readonly reason: string; readonly alternatives?: readonly string[] };
      readonly status: {
        readonly baseline: "high" | "low" | false;
        readonly baseline_low_date?: string;
        readonly baseline_high_date?: string;
        readonly support: Support;
        readonly by_compat_key?: Readonly<Record<string, { readonly support: Support }>>;
      };
    }
  | { readonly kind: "moved"; readonly redirect_target: string }
  | { readonly kind: "split"; readonly redirect_targets: readonly string[] };

/** The part of caniuse-db's `fulldata-json/data-2.0.json` read here: each feature's title and keywords. */
export interface CaniuseData {
  readonly data: Readonly<Record<string, { readonly title?: string; readonly keywords?: string }>>;
}

/** The part of browser-compat-data's `data.json` read here: its identity, browsers, and compat trees. */
export interface CompatData {
  readonly __meta: { readonly version: string; readonly timestamp: string };
  readonly browsers: Readonly<
    Record<string, { readonly releases: Readonly<Record<string, { release_date?: string; status: string }>> }>
  >;
  readonly [tree: string]: unknown;
}

/** One support statement: the fields both the features asset and the share of users read. */
export type Statement = BcdStatement;
export interface Compat {
  readonly mdn_url?: string;
  /** How MDN titles it, in HTML: `Nullish coalescing assignment (<code>x ??= y</code>)`. */
  readonly description?: string;
  readonly support?: Readonly<Record<string, Statement | readonly Statement[]>>;
  readonly status?: { readonly deprecated?: boolean };
}

/** The compat data of `key` (`css.selectors.has`), if the tree has it. */
export function compatOf(compat: CompatData, key: string): Compat | undefined {
  let node: unknown = compat;
  for (const part of key.split(".")) {
    node =
      typeof node === "object" && node !== null && Object.prototype.hasOwnProperty.call(node, part)
        ? (node as Record<string, unknown>)[part]
        : undefined;
  }
  return (node as { __compat?: Compat } | undefined)?.__compat;
}

/** A browser's current statement: the first that is not behind a flag, a prefix, another name or partial. */
export function statementOf(value: Statement | readonly Statement[] | undefined): Statement | undefined {
  const list: readonly Statement[] =
    value === undefined ? [] : Array.isArray(value) ? value : [value as Statement];
  return list.find((s) => !s.flags && !s.prefix && !s.alternative_name && !s.partial_implementation);
}

/** `80`, `≤37`, `1-127` (supported from 1, removed in 127), or empty where it never shipped. */
export function supportText(value: Statement | readonly Statement[] | undefined): string {
  const s = statementOf(value);
  if (typeof s?.version_added !== "string" || s.version_added === "preview") return "";
  return typeof s.version_removed === "string" ? `${s.version_added}-${s.version_removed}` : s.version_added;
}
