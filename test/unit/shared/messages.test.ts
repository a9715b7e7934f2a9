// Messages from pages to the worker: what counts as a schedule request (anything may arrive), and a page's
// wait for the worker's word that the schedule is stored.
import { describe, expect, it } from "vitest";
import { isScheduleRequest, requestSchedule } from "../../../src/shared/messages.ts";

describe("schedule requests", () => {
  it("accepts a milestone that can be (1-999), nothing else", () => {
    expect(isScheduleRequest({ type: "schedule", milestone: 153 })).toBe(true);
    for (const milestone of [0, 1000, 2 ** 53, 1.5, "153", null]) {
      expect(isScheduleRequest({ type: "schedule", milestone })).toBe(false);
    }
    expect(isScheduleRequest({ type: "refresh" })).toBe(false);
  });

  it("resolves once the worker confirms, and says so when it does not", async () => {
    const sent: unknown[] = [];
    const runtime = (reply: unknown) => ({
      sendMessage: (message: unknown) => {
        sent.push(message);
        return Promise.resolve(reply);
      },
    });
    await requestSchedule(runtime({ ok: true }), 153);
    expect(sent).toEqual([{ type: "schedule", milestone: 153 }]);
    await expect(requestSchedule(runtime(undefined), 153)).rejects.toThrow(
      "the service worker did not confirm the schedule",
    );
  });
});
