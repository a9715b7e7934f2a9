export * from "./ast.ts";
export { parseFilter, parseOrderBy } from "./parse.ts";
export { serializeFilter, serializeOrderBy } from "./serialize.ts";
export {
  compileFilter,
  compileOrder,
  compareRowVersions,
  effectiveOrder,
  runQuery,
  DEFAULT_ORDER,
} from "./evaluate.ts";
export { releaseRow, versionRow, type QueryRow, type ReleaseRow, type VersionRow } from "./rows.ts";
export { parseRfc3339, parseRfc3339Ms, formatRfc3339 } from "./time.ts";
