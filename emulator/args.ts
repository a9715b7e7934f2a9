/**
 * Command-line arguments of `npm run service` (emulator/cli.ts). Pure: text in, options or a UsageError out.
 */
import { FaultSpecError, NO_FAULTS, parseFaults, type FaultConfig } from "./faults.ts";

export const USAGE = `usage: npm run service -- [--host HOST] [--port PORT] [--data FILE] [--faults SPEC]

  --host HOST    address to listen on (default 127.0.0.1)
  --port PORT    port to listen on, 0 for any free one (default 8787)
  --data FILE    JSON {"releases": [...]} of release resources (default: the bundled emulator/data/releases.json)
  --faults SPEC  injected faults for tests, a comma list of latency=MS, error=P, retryafter=N, malformed=P,
                 truncated=P, stall=P, seed=N (default none)
  -h, --help     show this text`;

export interface CliOptions {
  readonly host: string;
  readonly port: number;
  /** Absent: the bundled dataset. */
  readonly data?: string;
  readonly faults: FaultConfig;
  readonly help: boolean;
}

/** Arguments the emulator cannot start with. The CLI prints the message and USAGE and exits 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

const FLAGS = ["--host", "--port", "--data", "--faults"] as const;
type Flag = (typeof FLAGS)[number];

/**
 * Reads the arguments after the script name. Each flag takes its value as the next argument or after `=`.
 * @throws UsageError for an unknown or repeated flag, a missing value, a bad port or a bad faults SPEC
 */
export function parseArgs(argv: readonly string[]): CliOptions {
  const values = new Map<Flag, string>();
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--") continue; // npm passes its separator through when run as `npm run service -- -- ...`
    if (arg === "-h" || arg === "--help") {
      help = true;
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg : arg.slice(0, eq);
    if (!(FLAGS as readonly string[]).includes(name)) throw new UsageError(`unknown argument "${arg}"`);
    const flag = name as Flag;
    if (values.has(flag)) throw new UsageError(`${flag} is given twice`);
    let value: string | undefined;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      value = argv[++i];
      if (value === undefined || value.startsWith("--")) throw new UsageError(`${flag} needs a value`);
    }
    values.set(flag, value);
  }

  const host = values.get("--host") ?? "127.0.0.1";
  if (host.trim() === "") throw new UsageError("--host needs a value");
  const portText = values.get("--port") ?? "8787";
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) {
    throw new UsageError(`--port ${portText}: expected a port number from 0 to 65535`);
  }
  let faults = NO_FAULTS;
  const spec = values.get("--faults");
  if (spec !== undefined) {
    try {
      faults = parseFaults(spec);
    } catch (e) {
      if (e instanceof FaultSpecError) throw new UsageError(`--faults: ${e.message}`);
      throw e;
    }
  }
  const data = values.get("--data");
  if (data === "") throw new UsageError("--data needs a file name");
  return { host, port: Number(portText), ...(data !== undefined && { data }), faults, help };
}
