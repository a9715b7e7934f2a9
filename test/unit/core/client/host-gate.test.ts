import { afterEach, describe, expect, it, vi } from "vitest";
import { createClient, REQUESTS_PER_HOST } from "../../../../src/core/client/client.ts";
import { createHostGate } from "../../../../src/core/client/host-gate.ts";
import { BASE, fakeFetch, json } from "../../../fakes/fetch.ts";

/** A promise with its resolve at hand. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the host gate", () => {
  it("lets `limit` requests of one origin go at once, the rest in the order they came as each leaves", async () => {
    const gate = createHostGate(2);
    const gone: string[] = [];
    const leaves = new Map<string, () => void>();
    for (const name of ["a", "b", "c", "d"]) {
      void gate.enter(`https://one.test/${name}`).then((leave) => {
        gone.push(name);
        leaves.set(name, leave);
      });
    }
    await settle();
    expect(gone).toEqual(["a", "b"]);
    leaves.get("b")?.();
    // Leaving twice frees one turn, not two.
    leaves.get("b")?.();
    await settle();
    expect(gone).toEqual(["a", "b", "c"]);
    leaves.get("a")?.();
    await settle();
    expect(gone).toEqual(["a", "b", "c", "d"]);
  });

  it("counts each origin apart", async () => {
    const gate = createHostGate(1);
    await gate.enter("https://one.test/a");
    const other = await Promise.race([gate.enter("https://two.test/a").then(() => "went"), settle()]);
    expect(other).toBe("went");
  });

  it("takes a request whose signal aborts out of the line, rejecting with the signal's reason", async () => {
    const gate = createHostGate(1);
    const leaveFirst = await gate.enter("https://one.test/a");
    const abort = new AbortController();
    const waiting = gate.enter("https://one.test/b", abort.signal);
    const after = gate.enter("https://one.test/c");
    abort.abort(new Error("cancelled"));
    await expect(waiting).rejects.toThrow("cancelled");
    leaveFirst();
    // The aborted request took no turn: the one after it goes.
    await expect(after).resolves.toBeTypeOf("function");
    await expect(gate.enter("https://one.test/d", abort.signal)).rejects.toThrow("cancelled");
  });

  it("refuses a limit that lets nothing go", () => {
    expect(() => createHostGate(0)).toThrow(RangeError);
  });
});

describe("a client's requests at the gate", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("start their time limit when they are sent, not while they wait for their turn", async () => {
    const answers = [deferred<Response>(), deferred<Response>()];
    const fake = fakeFetch((_, i) => answers[i]?.promise ?? json({ platforms: [] }));
    const timeout = vi.spyOn(AbortSignal, "timeout");
    try {
      const client = createClient({
        baseUrl: BASE,
        product: "chrome",
        fetch: fake.fetch,
        gate: createHostGate(1),
      });
      const first = client.platforms();
      const second = client.channels();
      await settle();
      expect(fake.requests).toHaveLength(1);
      expect(timeout).toHaveBeenCalledTimes(1);
      answers[0]?.resolve(json({ platforms: [] }));
      await first;
      await vi.waitFor(() => expect(fake.requests).toHaveLength(2));
      expect(timeout).toHaveBeenCalledTimes(2);
      answers[1]?.resolve(json({ channels: [] }));
      await second;
    } finally {
      timeout.mockRestore();
    }
  });

  it("share one gate when they use the browser's own fetch, however many clients send them", async () => {
    const held = deferred<Response>();
    const fake = fakeFetch(() => held.promise.then((r) => r.clone()));
    vi.stubGlobal("fetch", fake.fetch);
    const chrome = createClient({ baseUrl: BASE, product: "chrome" });
    const fuchsia = createClient({ baseUrl: BASE, product: "fuchsiawebengine" });
    const asked = [
      chrome.platforms(),
      fuchsia.platforms(),
      chrome.channels(),
      fuchsia.channels(),
      chrome.platforms(),
    ];
    await settle();
    expect(fake.requests).toHaveLength(REQUESTS_PER_HOST);
    held.resolve(json({ platforms: [], channels: [] }));
    await Promise.all(asked);
    expect(fake.requests).toHaveLength(asked.length);
  });
});
