/**
 * `npm run package [-- --out DIR]`: the store packages, `release-radar-chrome-<version>.zip` (Chrome Web
 * Store; Edge Add-ons take the same file) and `release-radar-firefox-<version>.zip` (addons.mozilla.org),
 * into artifacts/packages/ unless `--out` says otherwise.
 *
 * Each comes from a clean build of its own, in a temporary folder (dist/ and dist-firefox/ are left alone),
 * pointed at the real service: a `RR_DEFAULT_*` setting in the environment or a .env file stops it. A build
 * holds only what the extension loads (bundled scripts, pages, styles, icons, the manifest): no source maps,
 * no tests, no node_modules, nothing of Vite's own (`.vite/`). The Firefox package is made by `web-ext
 * build`, which checks the manifest and leaves out what Firefox would not load; its zip library stamps each
 * entry with the time of packing and adds entries as their reads finish, so its archive is then re-packed,
 * entry for entry, by scripts/zip.ts, which writes the same bytes for the same files. Both zips are thus
 * reproducible: the same commit packs to byte-identical files.
 *
 * Beside them, `release-radar-source-<version>.zip`: the project's files as they are in the working tree,
 * those git tracks and new ones it does not ignore (so, the sources the packages were just built from, and
 * no node_modules, builds or artifacts), under a folder `release-radar-<version>/`. Its
 * README.md says how to rebuild the packages from it; addons.mozilla.org asks for such a source archive with
 * any add-on whose code is bundled or minified. Packed by scripts/zip.ts too, so the same sources give the
 * same bytes. Outside a git checkout (an unpacked source zip, say) there is no list of tracked files, and
 * only the two packages are written.
 */
import { execFile } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve, sep } from "node:path";
import { parseArgs, promisify } from "node:util";
import { build, loadEnv } from "vite";
import webExt from "web-ext";
import { readBuildSettings, type TargetBrowser } from "../manifest.config.ts";
import pkg from "../package.json" with { type: "json" };
import { REPO_ROOT } from "./chromium.ts";
import { readZip, writeZip, type ZipEntry } from "./zip.ts";

export const PACKAGES_DIR = join(REPO_ROOT, "artifacts", "packages");

/** A package's file name; `source` names the archive of the sources. */
export function packageName(kind: TargetBrowser | "source", version = pkg.version): string {
  return `release-radar-${kind}-${version}.zip`;
}

/** The folder the source zip's files sit in: unpacking it gives one folder, named for the version. */
export function sourceFolder(version = pkg.version): string {
  return `release-radar-${version}`;
}

/** Every file under `dir`, as `/`-separated paths relative to it, sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join("/"))
    .sort();
}

/** Files a store package must never carry; the build is checked against this before it is packed. */
const NOT_SHIPPED = [/\.map$/, /(^|\/)node_modules\//, /(^|\/)test\//, /\.test\.[jt]s$/, /(^|\/)\.vite\//];

/** A clean production build for `browser` into `outDir`, checked to point at the real service. */
async function cleanBuild(browser: TargetBrowser, outDir: string): Promise<void> {
  const mode = browser === "firefox" ? "firefox" : "production";
  const settings = readBuildSettings({ ...loadEnv(mode, REPO_ROOT, "RR_"), ...process.env });
  if (
    settings.baseUrl !== undefined ||
    settings.product !== undefined ||
    settings.scheduleUrl !== undefined
  ) {
    throw new Error(
      "Store packages point at the real services: unset RR_DEFAULT_BASE_URL, RR_DEFAULT_PRODUCT and RR_DEFAULT_SCHEDULE_URL " +
        "(environment or .env) before npm run package.",
    );
  }
  await build({
    root: REPO_ROOT,
    configFile: join(REPO_ROOT, "vite.config.ts"),
    mode,
    logLevel: "warn",
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  // crxjs writes Vite's own manifest under .vite/; the extension never reads it.
  await rm(join(outDir, ".vite"), { recursive: true, force: true });
  const unwanted = (await listFiles(outDir)).filter((f) => NOT_SHIPPED.some((re) => re.test(f)));
  if (unwanted.length > 0)
    throw new Error(`the ${browser} build holds files it must not ship: ${unwanted.join(", ")}`);
}

/** The files of `dir` as zip entries. */
async function entriesOf(dir: string): Promise<ZipEntry[]> {
  return Promise.all(
    (await listFiles(dir)).map(async (name) => ({ name, data: await readFile(join(dir, name)) })),
  );
}

/** `web-ext build` of `sourceDir`, returning its archive's entries (web-ext's file filter applied). */
async function webExtBuild(sourceDir: string, workDir: string): Promise<ZipEntry[]> {
  const { extensionPath } = await webExt.cmd.build(
    { sourceDir, artifactsDir: workDir, filename: "web-ext-build.zip", overwriteDest: true },
    { shouldExitProgram: false },
  );
  return readZip(await readFile(extensionPath));
}

/**
 * The files of `root` that git tracks or would (not ignored), as `/`-separated paths, sorted, those deleted
 * from the working tree left out; undefined when `root` is not the top of a git checkout.
 */
async function projectFiles(root: string): Promise<string[] | undefined> {
  const git = (args: string[]): Promise<string> =>
    promisify(execFile)("git", args, { cwd: root, maxBuffer: 64 * 1024 * 1024 }).then((r) => r.stdout);
  const top = await git(["rev-parse", "--show-toplevel"]).catch(() => undefined);
  if (top === undefined || realpathSync(top.trim()) !== realpathSync(root)) return undefined;
  // A file in a merge conflict is listed once per stage: once is enough.
  const listed = new Set(
    (await git(["ls-files", "-z", "--cached", "--others", "--exclude-standard"])).split("\0"),
  );
  return [...listed].filter((path) => path !== "" && existsSync(join(root, path))).sort();
}

/** The source zip of `root`'s project files; undefined outside a git checkout. */
async function sourceZip(root: string): Promise<Buffer | undefined> {
  const files = await projectFiles(root);
  if (files === undefined) return undefined;
  const folder = sourceFolder();
  return writeZip(
    await Promise.all(
      files.map(async (path) => ({ name: `${folder}/${path}`, data: await readFile(join(root, path)) })),
    ),
  );
}

export interface Packages {
  readonly chrome: string;
  readonly firefox: string;
  /** The source zip; undefined outside a git checkout. */
  readonly source: string | undefined;
}

/** Builds and packs both packages into `outDir`; returns their paths. */
export async function packageAll(outDir = PACKAGES_DIR): Promise<Packages> {
  const work = await mkdtemp(join(tmpdir(), "rr-package-"));
  try {
    await mkdir(outDir, { recursive: true });
    const chromeDir = join(work, "chrome");
    await cleanBuild("chrome", chromeDir);
    const chrome = join(outDir, packageName("chrome"));
    await writeFile(chrome, writeZip(await entriesOf(chromeDir)));

    const firefoxDir = join(work, "firefox");
    await cleanBuild("firefox", firefoxDir);
    const firefox = join(outDir, packageName("firefox"));
    await writeFile(firefox, writeZip(await webExtBuild(firefoxDir, join(work, "web-ext"))));

    const sources = await sourceZip(REPO_ROOT);
    let source: string | undefined;
    if (sources !== undefined) {
      source = join(outDir, packageName("source"));
      await writeFile(source, sources);
    }
    return { chrome, firefox, source };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const { chrome, firefox, source } = await packageAll(
    values.out === undefined ? PACKAGES_DIR : resolve(values.out),
  );
  for (const path of [chrome, firefox, ...(source === undefined ? [] : [source])]) {
    console.log(
      `${relative(process.cwd(), path)}  ${(await readFile(path)).length.toLocaleString("en-US")} bytes`,
    );
  }
  if (source === undefined) console.log(`no source zip: ${REPO_ROOT} is not a git checkout`);
}
