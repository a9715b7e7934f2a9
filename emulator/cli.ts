/**
 * `npm run service`: the version-history service emulator. Wiring only: arguments, data, server, output.
 *
 * Prints exactly `listening on http://HOST:PORT/v1` once it accepts requests (scripts wait for that line).
 * Exit codes: 2 bad arguments, 1 bad data file or address in use, 0 after SIGINT/SIGTERM.
 */
import { parseArgs, USAGE, UsageError } from "./args.ts";
import { buildDataset, DatasetError, DEFAULT_DATA_FILE, readDatasetJson, type Dataset } from "./dataset.ts";
import { loadSchedule, ScheduleError } from "./schedule.ts";
import type { Milestone } from "./schedule-build.ts";
import { startServer } from "./server.ts";
import { daysToNow, shiftReleases, shiftSchedule } from "./shift.ts";

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
let schedule: Milestone[];
let shiftedDays = 0;
try {
  const file = options.data ?? DEFAULT_DATA_FILE;
  let json = readDatasetJson(file);
  schedule = loadSchedule();
  const doc = json as { releases?: unknown };
  if (options.shiftToNow && Array.isArray(doc.releases)) {
    shiftedDays = daysToNow({ releases: doc.releases as unknown[] }, Date.now());
    json = shiftReleases({ ...doc, releases: doc.releases as unknown[] }, shiftedDays);
    schedule = shiftSchedule(schedule, shiftedDays);
  }
  dataset = buildDataset(json, file);
} catch (e) {
  if (e instanceof DatasetError || e instanceof ScheduleError) fail(e.message, 1);
  throw e;
}

let server;
try {
  server = await startServer({
    host: options.host,
    port: options.port,
    dataset,
    faults: options.faults,
    schedule,
  });
} catch (e) {
  fail(`cannot listen on ${options.host}:${options.port}: ${e instanceof Error ? e.message : String(e)}`, 1);
}
if (options.shiftToNow) {
  process.stdout.write(
    `replaying the history and the schedule shifted by ${shiftedDays} days (--shift-to-now): the newest ` +
      `release started a day before now; versions and the spacing between events are as recorded\n`,
  );
}
process.stdout.write(`listening on ${server.url}\n`);

const running = server;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void running.close().then(() => process.exit(0)));
}
