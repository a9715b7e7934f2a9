/**
 * ESLint rule `local/no-import-cycle`: no module of src/ is on a circle of imports, reading every import:
 * `import type` and type-only specifiers, re-exports and dynamic `import()` included. import-x's no-cycle
 * skips type-only imports, and a circle of types is still two modules that cannot be understood, moved or
 * tested one without the other.
 *
 * The file being linted is read from its AST (so lintText sees the text given); every other file from disk,
 * through TypeScript's own pre-processor (the imports as the compiler reads them, comments and strings
 * ignored), cached per file and modification time.
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import ts from "typescript";

/** path -> { mtimeMs, targets }: the relative imports of a file on disk, resolved to paths. */
const onDisk = new Map();

/** Resolves a relative specifier (`./x.ts`, `../y.ts`) from `file` to a path; null for a package. */
function target(file, specifier) {
  if (!specifier.startsWith("./") && !specifier.startsWith("../")) return null;
  return resolve(dirname(file), specifier);
}

function importsOnDisk(file) {
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const known = onDisk.get(file);
  if (known !== undefined && known.mtimeMs === mtimeMs) return known.targets;
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  const targets = info.importedFiles
    .map((f) => target(file, f.fileName))
    .filter((t) => t !== null && t.endsWith(".ts"));
  onDisk.set(file, { mtimeMs, targets });
  return targets;
}

/** A path of imports from `from` back to `to` (both included), or null: depth first, each file once. */
function pathBack(from, to) {
  const seen = new Set();
  const walk = (file, trail) => {
    if (file === to) return [...trail, file];
    if (seen.has(file)) return null;
    seen.add(file);
    for (const next of importsOnDisk(file)) {
      const found = walk(next, [...trail, file]);
      if (found !== null) return found;
    }
    return null;
  };
  return walk(from, []);
}

/** @type {import("eslint").Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: "problem",
    docs: { description: "Forbid import circles, type-only imports included" },
    messages: { cycle: "Import circle (type-only imports count): {{trail}}" },
    schema: [],
  },
  create(context) {
    const file = resolve(context.physicalFilename);
    const root = context.cwd;
    const check = (node) => {
      const source = node.source;
      if (source?.type !== "Literal" || typeof source.value !== "string") return;
      const next = target(file, source.value);
      if (next === null || !next.endsWith(".ts")) return;
      const back = pathBack(next, file);
      if (back === null) return;
      const trail = [file, ...back].map((f) => relative(root, f)).join(" -> ");
      context.report({ node: source, messageId: "cycle", data: { trail } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
