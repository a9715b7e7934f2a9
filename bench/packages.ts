/**
 * The store packages' sizes, printed beside the features asset they carry (the asset is the
 * largest file the extension ships). No target: a figure to watch. Built into a temporary folder, never
 * artifacts/packages/, which is what `npm run package` leaves for a person.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packageAll } from "../scripts/package.ts";

export interface PackageSizes {
  readonly chrome: number;
  readonly firefox: number;
}

export async function benchPackages(): Promise<PackageSizes> {
  const out = await mkdtemp(join(tmpdir(), "rr-bench-packages-"));
  try {
    const { chrome, firefox } = await packageAll(out);
    return { chrome: (await readFile(chrome)).length, firefox: (await readFile(firefox)).length };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

export function printPackageSizes(sizes: PackageSizes): boolean {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log("\nStore packages (zip)");
  console.log(`  Chrome Web Store / Edge: ${kb(sizes.chrome)}   addons.mozilla.org: ${kb(sizes.firefox)}`);
  return true;
}
