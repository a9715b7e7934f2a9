/**
 * What the `npm start` tests (Chromium and Firefox) check of the files a run leaves: that the user's were not
 * touched, and the screenshots' sizes.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative } from "node:path";

/**
 * What a file or folder tree is now: every entry's path with its modification time and, for files, a hash
 * of the content. Equal before and after a run means the run neither wrote nor removed anything in it.
 */
export async function fingerprint(path: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const visit = async (at: string): Promise<void> => {
    const info = await stat(at).catch(() => undefined);
    const key = relative(path, at) || ".";
    if (info === undefined) {
      out[key] = "absent";
      return;
    }
    if (info.isDirectory()) {
      out[key] = `dir ${info.mtimeMs}`;
      for (const name of (await readdir(at)).sort()) await visit(join(at, name));
    } else {
      const hash = createHash("sha256")
        .update(await readFile(at))
        .digest("hex");
      out[key] = `file ${info.mtimeMs} ${hash}`;
    }
  };
  await visit(path);
  return out;
}

/** A PNG's size, from its IHDR chunk (bytes 16 to 24). */
export async function pngSize(path: string): Promise<{ width: number; height: number }> {
  const head = (await readFile(path)).subarray(0, 24);
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}
