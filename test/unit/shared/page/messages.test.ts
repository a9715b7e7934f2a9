// Messages from pages to the worker: what counts as a schedule request (anything may arrive), and a page's
// wait for the worker's word that the schedule is stored.
import { describe, expect, it } from "vitest";
import {
  answerOfReply,
  isAnswerRequest,
  isScheduleRequest,
  MAX_ANSWER_REQUEST,
  requestSchedule,
} from "../../../../src/shared/page/messages.ts";

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

describe("answer requests", () => {
  it(`accepts a question of text up to ${MAX_ANSWER_REQUEST} units, nothing else`, () => {
    expect(isAnswerRequest({ type: "answer", question: ":has()" })).toBe(true);
    expect(isAnswerRequest({ type: "answer", question: "x".repeat(MAX_ANSWER_REQUEST) })).toBe(true);
    for (const question of ["x".repeat(MAX_ANSWER_REQUEST + 1), 153, null, undefined]) {
      expect(isAnswerRequest({ type: "answer", question })).toBe(false);
    }
  });

  it("reads the worker's reply: its answer, null when left to the page, an error for anything else", () => {
    const answer = { kind: "miss", title: "t", lines: [], links: [], summary: "s" } as const;
    expect(answerOfReply({ ok: true, answer, identity: "web-features 3" })).toEqual({
      answer,
      identity: "web-features 3",
    });
    expect(answerOfReply({ ok: true, answer: null, identity: "web-features 3" })).toBeNull();
    for (const reply of [undefined, { ok: true, answer }, { ok: true, answer: "text", identity: "" }]) {
      expect(() => answerOfReply(reply)).toThrow("the service worker did not answer the question");
    }
  });
});
