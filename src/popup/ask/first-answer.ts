/**
 * The answer page's first answer, from the service worker: the worker answers the address bar from the
 * features data and indexes it already holds, so its answer comes without this page reading the data (a few
 * hundred KB) and indexing it again. main.ts sends the question as the page starts; this draws the reply as
 * soon as the page is shown. ask-dom.ts, loaded after it, takes the answer over (its links, the schedule and
 * releases it asks for) and answers every later question itself. Null, and nothing drawn, when the worker
 * leaves the question to the page (`firefox`) or cannot be reached: ask-dom.ts answers it from the data.
 */
import { answerOfReply, type WorkerAnswer } from "../../shared/page/messages.ts";
import { answerQuery } from "../../shared/page/page-context.ts";
import { ANSWER_MARK, drawAnswer } from "./answer-dom.ts";

/** Resolves once the page is laid out (glance/first-paint.ts; popup.css hides it until `data-mode` is set). */
function laidOut(): Promise<void> {
  const root = document.documentElement;
  if (root.dataset.mode !== undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (root.dataset.mode === undefined) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-mode"] });
  });
}

/**
 * Draws the worker's reply to the page's question (`asking`, sent by main.ts) unless an answer is drawn;
 * settles once the answer's frame is done (or with null at once when there is nothing to draw).
 */
export async function drawFirstAnswer(asking: Promise<unknown>): Promise<WorkerAnswer | null> {
  let reply: WorkerAnswer | null;
  try {
    reply = answerOfReply(await asking);
  } catch {
    return null;
  }
  if (reply === null) return null;
  await laidOut();
  const out = document.getElementById("answer");
  if (out !== null && out.childElementCount === 0) {
    // Until ask-dom.ts takes the answer over, a link's question opens its own answer page; and the answer is
    // busy: ask-dom.ts may draw it again with its schedule's days (and says when it is complete).
    drawAnswer(out, reply.answer, reply.identity, (q) => location.assign(`?${answerQuery(q)}`));
    out.setAttribute("aria-busy", "true");
    // Settled once the answer's frame is done, in a task after it: what waits for the answer (the asking
    // module, the page's storage) would otherwise take the main thread before that frame is drawn.
    await new Promise<void>((resolve) =>
      requestAnimationFrame(() => {
        performance.mark(ANSWER_MARK);
        setTimeout(resolve, 0);
      }),
    );
  }
  return reply;
}
