/**
 * Zip archives that depend only on their contents: entries in byte order of their names, every timestamp
 * the zip format's earliest (1980-01-01 00:00), no extra fields, fixed attributes, deflated at a fixed
 * level. The same files in give the same bytes out, whenever and wherever they are packed, which is what
 * makes a store package reproducible. Reading is for the tests (unpack a package, load it) and for
 * re-packing web-ext's output, whose zip library stamps each entry with the time of packing and adds them in
 * the order their reads finish.
 *
 * Only what these packages need: stored or deflated entries, no zip64, no encryption, no comments.
 */
import { deflateRawSync, inflateRawSync } from "node:zlib";

export interface ZipEntry {
  /** Path inside the archive, `/`-separated, no leading slash. */
  readonly name: string;
  readonly data: Uint8Array;
}

/** 1980-01-01 00:00:00 in MS-DOS date and time fields: the earliest a zip can say. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
/** Version 2.0 (deflate), made by Unix (so the external attributes carry Unix mode bits). */
const VERSION_NEEDED = 20;
const VERSION_MADE_BY = (3 << 8) | 20;
/** Regular file, rw-r--r--. */
const UNIX_FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
/** General-purpose flag bit 11: names are UTF-8. */
const UTF8_FLAG = 1 << 11;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function checkName(name: string): void {
  if (name === "" || name.startsWith("/") || name.includes("\\") || name.split("/").includes("..")) {
    throw new Error(`not a safe archive path: ${JSON.stringify(name)}`);
  }
}

/** The archive of `entries`, sorted by name; throws on a duplicate or unsafe name. */
export function writeZip(entries: readonly ZipEntry[]): Buffer {
  const sorted = [...entries].sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)));
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  let previous: string | undefined;
  for (const { name, data } of sorted) {
    checkName(name);
    if (name === previous) throw new Error(`duplicate archive path: ${name}`);
    previous = name;
    const nameBytes = Buffer.from(name, "utf8");
    const crc = crc32(data);
    const deflated = deflateRawSync(data, { level: 9 });
    // Deflate only where it pays: tiny files can grow.
    const [method, body] = deflated.length < data.length ? [8, deflated] : [0, Buffer.from(data)];
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION_NEEDED, 4);
    local.writeUInt16LE(UTF8_FLAG, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(VERSION_MADE_BY, 4);
    central.writeUInt16LE(VERSION_NEEDED, 6);
    central.writeUInt16LE(UTF8_FLAG, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    // Extra, comment, disk number, internal attributes: none.
    central.writeUInt32LE(UNIX_FILE_ATTRIBUTES, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, body);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + body.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(sorted.length, 8);
  end.writeUInt16LE(sorted.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** The file entries of a zip archive (directories left out), in archive order; checks every CRC. */
export function readZip(archive: Buffer): ZipEntry[] {
  const endAt = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error("not a zip archive: no end of central directory");
  const count = archive.readUInt16LE(endAt + 10);
  let at = archive.readUInt32LE(endAt + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`);
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const compressedSize = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const localAt = archive.readUInt32LE(at + 42);
    const name = archive.toString("utf8", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith("/")) continue;
    checkName(name);
    const dataAt = localAt + 30 + archive.readUInt16LE(localAt + 26) + archive.readUInt16LE(localAt + 28);
    const body = archive.subarray(dataAt, dataAt + compressedSize);
    if (method !== 0 && method !== 8) throw new Error(`${name}: unsupported compression method ${method}`);
    const data = method === 8 ? inflateRawSync(body) : Buffer.from(body);
    if (crc32(data) !== crc) throw new Error(`${name}: CRC mismatch`);
    entries.push({ name, data });
  }
  return entries;
}
