/**
 * The emulator's data: a `{"releases": [...]}` file of release resources exactly as the releases endpoint
 * returns them, checked with the client's own validator (so the emulator can never serve what the extension
 * would refuse), then indexed into one read-only view per product id the service answers to.
 *
 * Platform, channel and product come from each release's `name`; versions are the distinct
 * (product, platform, channel, version) of the releases. A product asked for by alias (`browser`) gets its own
 * copy of the rows with names under the alias, because the real service answers with names under the product
 * asked for, and `name` filters and orders must see those names.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { canonicalProduct, channelRank, comparePlatforms, parseResourceName } from "../src/core/catalog.ts";
import { describeValue, InvalidResponseError } from "../src/core/client/errors.ts";
import { isRecord } from "../src/core/schema.ts";
import { validateRelease } from "../src/core/client/release-bounds.ts";
import { releaseRow, versionRow, type ReleaseRow, type VersionRow } from "../src/core/query/index.ts";
import type { ReleaseResource, Serving } from "../src/core/types.ts";

/** The bundled dataset, resolved from this module so the emulator starts from any working directory. */
export const DEFAULT_DATA_FILE = fileURLToPath(new URL("./data/releases.json", import.meta.url));

/**
 * Every product id the service answers to: the real ids and the names the service's documentation uses
 * (catalog.ts).
 */
const PRODUCT_IDS = ["chrome", "browser", "fuchsiawebengine", "webengine"] as const;

/** A data file that cannot be served. The message names the file, the record's JSON path and what is wrong. */
export class DatasetError extends Error {
  override name = "DatasetError";
  constructor(
    readonly file: string,
    readonly field: string,
    readonly detail: string,
  ) {
    super(field ? `bad data file ${file}: ${field}: ${detail}` : `bad data file ${file}: ${detail}`);
  }
}

/** The data of one product, under the product id it was asked for. All lists are in the order served. */
export interface ProductView {
  /** The product id as asked (`browser` or `chrome`); every name starts with it. */
  readonly product: string;
  /** Platform ids with data, in catalog order (KNOWN_PLATFORMS), unknown ids after, by id. */
  readonly platforms: readonly string[];
  /** Channel ids with data per platform, by channel rank (unknown ids after, by id). */
  readonly channels: ReadonlyMap<string, readonly string[]>;
  /** Every release, as query rows whose resources are the wire objects to send. */
  readonly releases: readonly ReleaseRow[];
  /** The distinct versions per platform and channel, as query rows. */
  readonly versions: readonly VersionRow[];
}

export interface Dataset {
  /** Number of releases in the file. */
  readonly size: number;
  /** Every release as checked, in the file's order (the admin endpoint builds a changed dataset from them). */
  readonly resources: readonly ReleaseResource[];
  /** The view for a product id or alias, or null when the id names no product. */
  view(product: string): ProductView | null;
}

interface Checked {
  readonly product: string;
  readonly platform: string;
  readonly channel: string;
  readonly resource: ReleaseResource;
}

/**
 * Validates and indexes parsed JSON. `file` only names the source in errors.
 * @throws DatasetError naming the first bad record by index and field, or a duplicate name
 */
export function buildDataset(json: unknown, file: string): Dataset {
  const list = releasesOf(json, file);
  const checked: Checked[] = [];
  const seen = new Map<string, number>();
  list.forEach((item: unknown, i) => {
    const path = `releases[${i}]`;
    let resource: ReleaseResource;
    try {
      resource = validateRelease(item, path);
    } catch (e) {
      if (e instanceof InvalidResponseError) throw new DatasetError(file, e.field, e.detail);
      throw e;
    }
    const record = checkName(resource, path, file);
    // Compare canonical names: `browser/...` and `chrome/...` would be the same release twice.
    const key = `${record.product}/${resource.name.slice(resource.name.indexOf("/") + 1)}`;
    const first = seen.get(key);
    if (first !== undefined) {
      throw new DatasetError(
        file,
        `${path}.name`,
        `duplicate release name "${resource.name}" (also releases[${first}])`,
      );
    }
    seen.set(key, i);
    checked.push(record);
  });

  const views = new Map<string, ProductView>();
  for (const id of PRODUCT_IDS) {
    const product = canonicalProduct(id);
    views.set(
      id,
      viewOf(
        id,
        checked.filter((r) => r.product === product),
      ),
    );
  }
  return {
    size: checked.length,
    resources: checked.map((c) => c.resource),
    view: (product) => views.get(product) ?? null,
  };
}

/**
 * Reads, validates and indexes a data file.
 * @throws DatasetError when the file cannot be read, is not JSON, or has a bad record
 */
export function loadDataset(file: string = DEFAULT_DATA_FILE): Dataset {
  return buildDataset(readDatasetJson(file), file);
}

/** The data file's JSON, unchecked (buildDataset checks it); a DatasetError when it cannot be read. */
export function readDatasetJson(file: string = DEFAULT_DATA_FILE): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new DatasetError(file, "", `cannot read it (${e instanceof Error ? e.message : String(e)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new DatasetError(file, "", `not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  return json;
}

function releasesOf(json: unknown, file: string): readonly unknown[] {
  if (!isRecord(json)) {
    throw new DatasetError(file, "", `expected an object {"releases": [...]}, found ${describeValue(json)}`);
  }
  const list = json.releases;
  if (!Array.isArray(list)) {
    throw new DatasetError(file, "releases", `expected an array of releases, found ${describeValue(list)}`);
  }
  return list;
}

/** Product, platform and channel of a validated release, after the checks only the data file needs. */
function checkName(resource: ReleaseResource, path: string, file: string): Checked {
  // validateRelease guarantees the full PRODUCT/platforms/P/channels/C/versions/V/releases/ID shape.
  const parts = parseResourceName(resource.name);
  if (!parts?.channel || parts.version === undefined) {
    throw new DatasetError(file, `${path}.name`, `not a release name: "${resource.name}"`);
  }
  const product = canonicalProduct(parts.product);
  if (!product) {
    throw new DatasetError(
      file,
      `${path}.name`,
      `unknown product "${parts.product}"; products are chrome and fuchsiawebengine (or browser and webengine)`,
    );
  }
  // `all` is the path's wildcard; a record filed under it could never be asked for on its own.
  for (const [what, id] of [
    ["platform", parts.platform],
    ["channel", parts.channel],
    ["version", parts.version],
  ] as const) {
    if (id === "all") throw new DatasetError(file, `${path}.name`, `"all" cannot be a ${what} id`);
  }
  if (parts.version !== resource.version) {
    throw new DatasetError(
      file,
      `${path}.version`,
      `"${resource.version}" differs from the version in the name, "${parts.version}"`,
    );
  }
  return { product, platform: parts.platform, channel: parts.channel, resource };
}

function compareChannels(a: string, b: string): number {
  return channelRank(a) - channelRank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** The release as the service sends it, named under `product`, keys in the real service's order. */
function wireRelease(r: Checked, product: string): ReleaseResource {
  const { resource } = r;
  const serving: Serving =
    resource.serving.endTime === undefined
      ? { startTime: resource.serving.startTime }
      : { startTime: resource.serving.startTime, endTime: resource.serving.endTime };
  return {
    name: `${product}${resource.name.slice(resource.name.indexOf("/"))}`,
    serving,
    fraction: resource.fraction,
    version: resource.version,
    ...(resource.fractionGroup !== undefined && { fractionGroup: resource.fractionGroup }),
    ...(resource.pinnable !== undefined && { pinnable: resource.pinnable }),
    ...(resource.rolloutData !== undefined && { rolloutData: resource.rolloutData }),
  };
}

function viewOf(product: string, records: readonly Checked[]): ProductView {
  const channelSets = new Map<string, Set<string>>();
  const versions = new Map<string, VersionRow>();
  const releases: ReleaseRow[] = [];
  for (const r of records) {
    let set = channelSets.get(r.platform);
    if (!set) channelSets.set(r.platform, (set = new Set()));
    set.add(r.channel);
    const versionName = `${product}/platforms/${r.platform}/channels/${r.channel}/versions/${r.resource.version}`;
    if (!versions.has(versionName)) {
      versions.set(versionName, versionRow({ name: versionName, version: r.resource.version }));
    }
    releases.push(releaseRow(wireRelease(r, product)));
  }
  const platforms = [...channelSets.keys()].sort(comparePlatforms);
  const channels = new Map(platforms.map((p) => [p, [...(channelSets.get(p) ?? [])].sort(compareChannels)]));
  return { product, platforms, channels, releases, versions: [...versions.values()] };
}
