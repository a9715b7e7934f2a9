/**
 * The explorer as a model: (model, event) → (model, effects). Pure: explorer-dom.ts dispatches what the
 * person and the service did as events, runs the effects this returns (the loader's query, the chart, the
 * service's ids, a save) and draws the model; unit tests drive it without a page.
 *
 *   edited (a control, the advanced field, typing, a new watch) ──► filters ──► drawn, saved
 *        └─ valid? ──no──► said; the rows (and their request) stay
 *             │ yes
 *             ▼
 *   another product whose platforms and channels are not known yet? ──yes──► wait for them (idsKnown)
 *        │ no                                                                 │
 *        ▼                                                                    ▼
 *   the list's query first (typing waits 300 ms), then the chart; a new product or platform asks for its ids
 */
import { productLabel } from "../../core/catalog.ts";
import { messageOf } from "../../core/errors.ts";
import type { PageContext } from "../../shared/page/page-context.ts";
import { followWatch, type Watch } from "./release-page.ts";
import type { ExplorerState } from "./state.ts";
import { controlErrors, type ControlErrors } from "./validation.ts";

/** Typing pauses this long before its query is sent. */
export const TYPING_DELAY_MS = 300;

export interface ExplorerModel {
  readonly filters: ExplorerState;
  /**
   * A product picked before its platforms and channels are known: its list and chart wait for them (or for
   * their failure), so no request names a platform or channel it lacks (a 404 for nothing).
   */
  readonly waitingFor: string | null;
  /** What the toolbar watches, in the popup (its list follows it); null in a tab. */
  readonly watch: Watch | null;
  /** The person picked the list's platform or channel in this popup: the list no longer follows the watch. */
  readonly picked: boolean;
}

/** Where an edit came from: the first show is not saved; typing waits before it queries. */
export type EditSource = "initial" | "control" | "typing" | "advanced";

export type ExplorerEvent =
  | { readonly kind: "edited"; readonly filters: ExplorerState; readonly source: EditSource }
  /** The person picked the list's platform or channel. */
  | { readonly kind: "picked" }
  /** Some of the service's platforms or channels arrived. */
  | { readonly kind: "idsArrived" }
  /** Asking for `product`'s platforms or channels failed. */
  | { readonly kind: "idsFailed"; readonly product: string }
  /** The typing pause is over. */
  | { readonly kind: "queryDue" }
  /** What the toolbar watches changed. */
  | { readonly kind: "watched"; readonly watch: Watch };

export type ExplorerEffect =
  /**
   * Draw the controls (the advanced field too unless it was the one edited), the scope, and the request
   * line: `url`, or with a field wrong (null) the request of the rows on screen, which Copy URL reproduces.
   */
  | {
      readonly kind: "draw";
      readonly errors: ControlErrors;
      readonly advanced: boolean;
      readonly url: string | null;
    }
  /** Draw the scope line alone (the watch changed, the list did not). */
  | { readonly kind: "drawScope" }
  | { readonly kind: "say"; readonly text: string }
  /** Save the filters after the pause (each save pushes the last one back). */
  | { readonly kind: "save" }
  /** The list's query: now (0), after a pause, or none (null: a pending one is dropped). */
  | { readonly kind: "query"; readonly delayMs: number | null }
  /** Send the list's query now. */
  | { readonly kind: "load"; readonly filters: ExplorerState }
  | { readonly kind: "askIds"; readonly filters: ExplorerState }
  | { readonly kind: "chart"; readonly filters: ExplorerState };

/** What the model reads of the world: whether the ids a state needs are known, and the release page. */
export interface ModelWorld {
  readonly idsKnown: (filters: ExplorerState) => boolean;
  /** The list's request URL (request-url.ts); throws for a request that cannot be built. */
  readonly requestUrl: (filters: ExplorerState) => string;
  readonly context: PageContext | null;
}

export interface Step {
  readonly model: ExplorerModel;
  readonly effects: readonly ExplorerEffect[];
}

export const initialModel = (filters: ExplorerState, watch: Watch | null): ExplorerModel => ({
  filters,
  waitingFor: null,
  watch,
  picked: false,
});

/** The next model and what to do, for `event`. */
export function step(model: ExplorerModel, event: ExplorerEvent, world: ModelWorld): Step {
  switch (event.kind) {
    case "edited":
      return edited(model, event.filters, event.source, world);
    case "picked":
      return { model: { ...model, picked: true }, effects: [] };
    case "idsArrived":
      return model.waitingFor !== null && world.idsKnown(model.filters) ? released(model) : same(model);
    case "idsFailed":
      // Only the product it was asked for: a failure of one picked before cannot release the list's wait.
      return model.waitingFor === event.product ? released(model) : same(model);
    case "queryDue":
      return { model, effects: [queryNow(model)] };
    case "watched":
      return watched(model, event.watch, world);
  }
}

const same = (model: ExplorerModel): Step => ({ model, effects: [] });

/** The list's query, or while the product's ids are awaited, a word of why it waits. */
const queryNow = ({ filters, waitingFor }: ExplorerModel): ExplorerEffect =>
  waitingFor === null
    ? { kind: "load", filters }
    : {
        kind: "say",
        text: `Asking the service which platforms and channels ${productLabel(filters.product)} has…`,
      };

/** Sends what waited for the product's lists, unless a field is wrong (that says so already). */
function released(model: ExplorerModel): Step {
  const next = { ...model, waitingFor: null };
  if (Object.keys(controlErrors(next.filters)).length > 0) return same(next);
  return { model: next, effects: [{ kind: "chart", filters: next.filters }, queryNow(next)] };
}

function edited(model: ExplorerModel, filters: ExplorerState, source: EditSource, world: ModelWorld): Step {
  const before = model.filters;
  const newProduct = filters.product !== before.product;
  const waitingFor =
    source !== "initial" && newProduct && !world.idsKnown(filters)
      ? filters.product
      : model.waitingFor !== null && model.waitingFor !== filters.product
        ? null
        : model.waitingFor;
  const next: ExplorerModel = { ...model, filters, waitingFor };
  const errors = controlErrors(filters);
  const wrong = Object.keys(errors).length > 0;
  let url = "";
  let problem: string | null = null;
  try {
    url = world.requestUrl(filters);
  } catch (e) {
    problem = `The request cannot be built: ${messageOf(e)}`;
  }
  const effects: ExplorerEffect[] = [
    { kind: "draw", errors, advanced: source !== "advanced", url: wrong ? null : url },
  ];
  if (problem !== null) effects.push({ kind: "say", text: problem });
  if (source !== "initial") effects.push({ kind: "save" });
  if (wrong) {
    // With a field wrong nothing is sent, and the rows stay.
    const text = "Fix the marked fields to update the results; the rows below are from the last good query.";
    effects.push({ kind: "query", delayMs: null }, { kind: "say", text });
  } else {
    // The list's request goes first: the platforms, channels and chart asked below queue after it.
    const typed = source === "typing" || source === "advanced";
    effects.push({ kind: "query", delayMs: url === "" ? null : typed ? TYPING_DELAY_MS : 0 });
  }
  if (source === "initial" || newProduct || filters.platform !== before.platform) {
    effects.push({ kind: "askIds", filters });
  }
  if (waitingFor === null) effects.push({ kind: "chart", filters });
  return { model: next, effects };
}

/** The popup's list follows a new watch, unless the person picked its platform or channel here. */
function watched(model: ExplorerModel, watch: Watch, world: ModelWorld): Step {
  // Storage changes for many reasons (a poll, an option): only a new watch moves the list.
  const was = model.watch;
  if (was === null || (watch.platform === was.platform && watch.channel === was.channel)) return same(model);
  const next = { ...model, watch };
  const followed = model.picked ? model.filters : followWatch(model.filters, watch, world.context);
  if (followed === model.filters) return { model: next, effects: [{ kind: "drawScope" }] };
  return edited(next, followed, "control", world);
}
