/**
 * Command-line arguments of `npm run service` (emulator/cli.ts). Pure: text in, options or a UsageError out.
 *
 * Parsing is Node's own `util.parseArgs` in strict mode (https://nodejs.org/api/util.html#utilparseargsconfig);
 * this module adds what it leaves to the caller: defaults, a refused repeat, the port range, the faults SPEC, and
 * messages that name the flag in the terms of USAGE.
 */
import { parseArgs as parseNodeArgs } from "node:util";
import { FaultSpecError, NO_FAULTS, parseFaults, type FaultConfig } from "./faults.ts";

/** Loopback only unless asked: the emulator has no authentication and is meant for this machine's tests. */
export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_PORT = 8787;

export const USAGE = `usage: npm run service -- [--host HOST] [--port PORT] [--data FILE] [--faults SPEC] [--shift-to-now]

  --host HOST    address to listen on (default ${DEFAULT_HOST})
  --port PORT    port to listen on, 0 for any free one (default ${DEFAULT_PORT})
  --data FILE    JSON {"releases": [...]} of release resources (default: the bundled emulator/data/releases.json)
  --faults SPEC  injected faults for tests, a comma list of latency=MS, error=P, retryafter=N, malformed=P,
                 truncated=P, stall=P, seed=N (default none)
  --shift-to-now replay the history and the schedule moved by whole days so the newest release started a
                 day before now (versions and the spacing between events stay real; default: dates as recorded)
  -h, --help     show this text`;

export interface CliOptions {
  readonly host: string;
  readonly port: number;
  /** Absent: the bundled dataset. */
  readonly data?: string;
  readonly faults: FaultConfig;
  readonly shiftToNow: boolean;
  readonly help: boolean;
}

/** Arguments the emulator cannot start with. The CLI prints the message and USAGE and exits 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

/**
 * `multiple: true` on the valued flags, so a repeat is collected rather than silently overwriting the first
 * value, and can be refused by name below. No `default`s here: those are applied after the checks, from the
 * constants above, so USAGE and the parser cannot disagree.
 */
const OPTIONS = {
  host: { type: "string", multiple: true },
  port: { type: "string", multiple: true },
  data: { type: "string", multiple: true },
  faults: { type: "string", multiple: true },
  "shift-to-now": { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

type ValuedFlag = Exclude<keyof typeof OPTIONS, "help" | "shift-to-now">;

/**
 * Reads the arguments after the script name. Each flag takes its value as the next argument or after `=`; a
 * value that starts with "-" must use `=` (parseArgs takes it for a forgotten value otherwise).
 * @throws UsageError for an unknown or repeated flag, a missing value, a bad port or a bad faults SPEC
 */
export function parseArgs(argv: readonly string[]): CliOptions {
  // `npm run service -- -- --port 0` passes the second `--` through. parseArgs would take everything after it as
  // positionals, which this command has none of, so a bare `--` is dropped wherever it is.
  const args = argv.filter((arg) => arg !== "--");
  let values;
  try {
    ({ values } = parseNodeArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (e) {
    throw explain(e, args);
  }

  const single = (flag: ValuedFlag): string | undefined => {
    const given = values[flag];
    if (given !== undefined && given.length > 1) throw new UsageError(`--${flag} is given twice`);
    return given?.[0];
  };
  const hostText = single("host");
  const portText = single("port");
  const spec = single("faults");
  const data = single("data");

  const host = hostText ?? DEFAULT_HOST;
  if (host.trim() === "") throw new UsageError("--host needs a value");
  let port = DEFAULT_PORT;
  if (portText !== undefined) {
    if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) {
      throw new UsageError(`--port ${portText}: expected a port number from 0 to 65535`);
    }
    port = Number(portText);
  }
  let faults = NO_FAULTS;
  if (spec !== undefined) {
    try {
      faults = parseFaults(spec);
    } catch (e) {
      if (e instanceof FaultSpecError) throw new UsageError(`--faults: ${e.message}`);
      throw e;
    }
  }
  if (data === "") throw new UsageError("--data needs a file name");
  return {
    host,
    port,
    ...(data !== undefined && { data }),
    faults,
    shiftToNow: values["shift-to-now"] ?? false,
    help: values.help ?? false,
  };
}

/**
 * A UsageError for what strict parseArgs refused. Its own errors carry only a code and a message in its words,
 * so the same arguments are read again without strictness, which never throws and returns tokens, to find the
 * argument at fault and name it as USAGE does.
 */
function explain(error: unknown, args: string[]): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !code.startsWith("ERR_PARSE_ARGS_")) return error;
  const { tokens } = parseNodeArgs({
    args,
    options: OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind === "positional") return new UsageError(`unknown argument "${token.value}"`);
    if (token.kind !== "option") continue;
    if (!Object.hasOwn(OPTIONS, token.name)) return new UsageError(`unknown argument "${args[token.index]}"`);
    const flag = `--${token.name}`;
    if (token.name === "help") {
      if (token.value !== undefined) return new UsageError(`${flag} takes no value`);
    } else if (token.value === undefined) {
      return new UsageError(`${flag} needs a value`);
    } else if (!token.inlineValue && token.value.length > 1 && token.value.startsWith("-")) {
      return new UsageError(`${flag} needs a value (for one that starts with "-", write ${flag}=VALUE)`);
    }
  }
  return new UsageError(error instanceof Error ? error.message : String(error));
}
