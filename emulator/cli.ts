/**
 * `npm run service`: the version-history service emulator. Wiring only: arguments, data, server, output.
 *
 * Prints exactly `listening on http://HOST:PORT/v1` once it accepts requests (scripts wait for that line).
 * Exit codes: 2 bad arguments, 1 bad data file or address in use, 0 after SIGINT/SIGTERM.
 */
import { parseArgs, USAGE, UsageError } from "./args.ts";
import { DatasetError, loadDataset, type Dataset } from "./dataset.ts";
import { startServer } from "./server.ts";

function fail(message: string, code: number): never {
  process.stderr.write(`emulator: ${message}\n`);
  process.exit(code);
}

let options;
try {
  options = parseArgs(process.argv.slice(2));
} catch (e) {
  if (!(e instanceof UsageError)) throw e;
  process.stderr.write(`emulator: ${e.message}\n${USAGE}\n`);
  process.exit(2);
}
if (options.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

let dataset: Dataset;
try {
  dataset = loadDataset(options.data);
} catch (e) {
  if (e instanceof DatasetError) fail(e.message, 1);
  throw e;
}

let server;
try {
  server = await startServer({ host: options.host, port: options.port, dataset, faults: options.faults });
} catch (e) {
  fail(`cannot listen on ${options.host}:${options.port}: ${e instanceof Error ? e.message : String(e)}`, 1);
}
process.stdout.write(`listening on ${server.url}\n`);

const running = server;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void running.close().then(() => process.exit(0)));
}
