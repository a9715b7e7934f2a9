/**
 * caniuse's public files, served beside the service so `npm start` and the tests need no network for the
 * extension's monthly usage update (src/background/usage/usage-update.ts):
 *
 *   GET|HEAD /caniuse/data.json                       caniuse-db's data.json (what caniuse's repository has)
 *   GET|HEAD /caniuse/region-usage-json/<code>.json   caniuse-db's region table
 *   PUT /_emulator/caniuse/<the same path>            serves the body instead from now on (tests: a newer
 *                                                     month, a hostile file); admin.ts's rules apply
 *
 * Each answer has an ETag of its bytes and answers If-None-Match with 304, as GitHub's raw files do.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { errorBody, notFound } from "./google-errors.ts";
import { emptyResponse, jsonResponse, type EmulatorResponse } from "./response.ts";

export const CANIUSE_PREFIX = "/caniuse/";
export const CANIUSE_ADMIN_PREFIX = "/_emulator/caniuse/";
/** A replacement body: caniuse's data file is 4.7 MB; tests send larger hostile ones. */
export const MAX_CANIUSE_BODY = 32 * 1024 * 1024;

const require = createRequire(import.meta.url);
const FILE = /^(data\.json|region-usage-json\/(alt-[a-z]{2}|[A-Z]{2})\.json)$/;

export interface CaniuseFiles {
  /** The answer to GET `path` (after /caniuse/), with `ifNoneMatch`. */
  get(path: string, ifNoneMatch: string | undefined): EmulatorResponse;
  /** Serves `body` for `path` from now on; an error text when `path` is not one of caniuse's files. */
  put(path: string, body: Buffer): EmulatorResponse;
}

const etagOf = (bytes: Buffer): string => `"${createHash("sha1").update(bytes).digest("hex")}"`;

function missing(path: string): EmulatorResponse {
  const e = notFound(`The requested URL ${CANIUSE_PREFIX}${path} was not found on this server.`);
  return jsonResponse(e.code, errorBody(e.code, e.status, e.message, true));
}

export function createCaniuseFiles(): CaniuseFiles {
  const dir = dirname(require.resolve("caniuse-db/package.json"));
  const replaced = new Map<string, Buffer>();
  const read = (path: string): Buffer | null => {
    if (!FILE.test(path)) return null;
    const own = replaced.get(path);
    if (own !== undefined) return own;
    try {
      return readFileSync(join(dir, path));
    } catch {
      return null;
    }
  };
  return {
    get(path, ifNoneMatch) {
      const bytes = read(path);
      if (bytes === null) return missing(path);
      const etag = etagOf(bytes);
      if (ifNoneMatch === etag) return emptyResponse(304, { ETag: etag });
      return jsonResponse(200, bytes, { ETag: etag });
    },
    put(path, body) {
      if (!FILE.test(path)) return missing(path);
      replaced.set(path, body);
      return jsonResponse(200, `${JSON.stringify({ path, bytes: body.length, etag: etagOf(body) })}\n`);
    },
  };
}
