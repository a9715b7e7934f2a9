/**
 * The explorer's controls, laid out in index.html: view switch, product, platform, channel, version and start
 * bounds, live only, rollout and three sort keys, each with a `<label for>`. This module fills their choices,
 * shows each error beside its control (aria-invalid, aria-describedby) and, when the view cannot use a
 * control, disables it with the reason in a visible note it is described by (and in its title), rather than
 * silently ignoring it.
 *
 * The controls hold no state of their own: `show` writes an ExplorerState into them, and every edit reads them
 * back over the state last shown and hands the new state to `onChange`.
 *
 * Platforms and channels are the service's own for the product shown, as far as they are known (`ids`), else
 * the catalog's. A stored id the service does not list stays selected, marked. But when a person picks another
 * product (or platform) whose lists lack the platform (or channel) in use, the reading puts `all` there, with
 * a note saying why: the query would otherwise be a 404.
 */
import type { Direction, Field } from "../../core/query/index.ts";
import { channelChoices, platformChoices, productChoices } from "../../shared/watch/pick-lists.ts";
import { byId, setAttrs, setChoices } from "../../shared/page/dom.ts";
import { applicable, orderFields, type Control } from "./filter.ts";
import type { ExplorerState, OrderChoice, Rollout } from "./state.ts";
import type { ControlErrors } from "./validation.ts";
import type { KnownIds } from "../../shared/watch/service-ids.ts";
import { ALL_CHANNELS, ALL_PLATFORMS, listed, orderChoices } from "./control-choices.ts";
import { createIdFit } from "./id-fit.ts";

/** Sort-key rows in index.html; a stored order with more keys keeps the rest (not editable here). */
const ORDER_ROWS = 3;

export interface Controls {
  /** Writes a state's values and errors into the controls; a text field being typed in keeps its text. */
  show(state: ExplorerState, errors: Partial<Record<Control, string>>): void;
  /**
   * For when more of the service's ids are known: hands `onChange` the state last shown with `all` for a
   * platform or channel that a product or platform picked before its lists were known turns out to lack,
   * else shows that state again with the new lists.
   */
  refresh(): void;
}

export interface ControlsOptions {
  /** The service's platforms and channels as far as known (service-ids.ts); without it, the catalog's. */
  readonly ids?: KnownIds;
}

type Input = HTMLInputElement | HTMLSelectElement;

export function bindControls(
  onChange: (state: ExplorerState) => void,
  options: ControlsOptions = {},
): Controls {
  const { ids } = options;
  const input = (id: string): HTMLInputElement => byId(id, HTMLInputElement);
  const select = (id: string): HTMLSelectElement => byId(id, HTMLSelectElement);
  const form = byId("controls", HTMLFormElement);
  const versions = input("view-versions");
  const releases = input("view-releases");
  const product = select("product");
  const platform = select("platform");
  const channel = select("channel");
  const versionFrom = input("versionFrom");
  const versionTo = input("versionTo");
  const startFrom = input("startFrom");
  const startTo = input("startTo");
  const liveOnly = input("liveOnly");
  const rollout = select("rollout");
  const percent = input("rolloutPercent");
  const order = Array.from({ length: ORDER_ROWS }, (_, i) => ({
    field: select(`order-field-${i}`),
    direction: select(`order-dir-${i}`),
  }));
  const naNote = byId("na-reason", HTMLElement);
  const share = bindShareBox(rollout, percent);
  const controlsOf: Partial<Record<Control, readonly Input[]>> = {
    product: [product],
    platform: [platform],
    channel: [channel],
    versionFrom: [versionFrom],
    versionTo: [versionTo],
    startFrom: [startFrom],
    startTo: [startTo],
    liveOnly: [liveOnly],
    rollout: [rollout, percent],
    order: order.flatMap((r) => [r.field, r.direction]),
  };
  let shown: ExplorerState | null = null;
  let shownProblems: Partial<Record<Control, string>> = {};
  const fitIds = createIdFit(ids);

  function read(base: ExplorerState): ExplorerState {
    const keys = readOrder(order, base);
    const next: ExplorerState = {
      ...base,
      view: versions.checked ? "versions" : "releases",
      product: product.value,
      platform: platform.value,
      channel: channel.value,
      versionFrom: versionFrom.value.trim(),
      versionTo: versionTo.value.trim(),
      startFrom: startFrom.value,
      startTo: startTo.value,
      liveOnly: liveOnly.checked,
      rollout: share.read(),
      // Keys beyond the rows shown are kept as they were.
      order: [...keys, ...base.order.slice(ORDER_ROWS)],
    };
    fitIds.picked(base, next);
    return fitIds.fit(next);
  }

  // Enter in a text field would submit the form and reload the popup.
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("input", () => {
    if (shown !== null) onChange(read(shown));
  });

  const controls: Controls = {
    show(state, problems) {
      shown = state;
      shownProblems = problems;
      const on = applicable(state.view);
      releases.checked = state.view === "releases";
      versions.checked = state.view === "versions";
      setChoices(product, productChoices(state.product), state.product);
      const platforms = ids?.platforms(state.product);
      const channels = ids?.channels(state.product, state.platform);
      setChoices(platform, listed(platforms, ALL_PLATFORMS, state.platform, platformChoices), state.platform);
      setChoices(channel, listed(channels, ALL_CHANNELS, state.channel, channelChoices), state.channel);
      setText(versionFrom, state.versionFrom);
      setText(versionTo, state.versionTo);
      setText(startFrom, state.startFrom);
      setText(startTo, state.startTo);
      liveOnly.checked = state.liveOnly;
      share.show(state.rollout, on.rollout);
      showOrder(order, state);

      naNote.hidden = !Object.values(on).includes(false);
      markControls(controlsOf, state, {
        on,
        problems,
        noteOf: fitIds.noteOf,
        naNote,
        dependentOff: (control) => dependentOff(control, state),
      });
    },
    refresh() {
      if (shown === null) return;
      const next = fitIds.fit(shown);
      if (next !== shown) onChange(next);
      else controls.show(shown, shownProblems);
    },
  };
  return controls;

  /** Off because of another control: the share without "at least", a direction without its field. */
  function dependentOff(control: Input, state: ExplorerState): boolean {
    if (control === percent) return state.rollout.kind !== "atLeast";
    return order.some((row) => row.direction === control && row.field.value === "");
  }
}

/** The rollout control and its share box, which holds its text while it is off. */
function bindShareBox(
  rollout: HTMLSelectElement,
  percent: HTMLInputElement,
): { read: () => Rollout; show: (share: Rollout, on: boolean) => void } {
  /**
   * The share box's text while it is off (rollout not "at least", or a view without rollout): the box shows
   * nothing then, rather than a number that applies to nothing (a disabled "150" on versions), and
   * this comes back when it is on again.
   */
  let held = "";
  return {
    read() {
      const kind = rollout.value;
      const typed = percent.value === "" && percent.disabled ? held : percent.value;
      if (kind === "atLeast") return { kind, percent: typed === "" ? NaN : Number(typed) };
      return kind === "partial" || kind === "full" ? { kind } : { kind: "any" };
    },
    show(share, on) {
      rollout.value = share.kind;
      if (on && share.kind === "atLeast") {
        // Only a value this view emptied comes back: a box the person cleared stays empty.
        if (held !== "" && percent.value === "" && document.activeElement !== percent) {
          percent.value = held;
          held = "";
        }
        if (Number.isFinite(share.percent)) setText(percent, String(share.percent));
      } else if (percent.value !== "") {
        held = percent.value;
        percent.value = "";
      }
    },
  };
}

/** Writes a field unless the person is typing in it (their text is what the state came from). */
function setText(target: HTMLInputElement, value: string): void {
  if (target.value !== value && document.activeElement !== target) target.value = value;
}

type OrderRow = { readonly field: HTMLSelectElement; readonly direction: HTMLSelectElement };

/** The sort keys the rows say, over the state last shown. */
function readOrder(order: readonly OrderRow[], base: ExplorerState): OrderChoice[] {
  const shownFields = orderFields(base.view);
  return order.flatMap((row, i): OrderChoice[] => {
    if (row.field.value === "") {
      // A key on a field the view shown lacks shows as none (show): it is kept for the view that has it.
      const hidden = base.order[i];
      return hidden && !shownFields.includes(hidden.field) ? [hidden] : [];
    }
    // A direction shows none while its key is empty (show): a key just picked starts ascending.
    return [{ field: row.field.value as Field, direction: (row.direction.value || "asc") as Direction }];
  });
}

function showOrder(order: readonly OrderRow[], state: ExplorerState): void {
  const fields = orderFields(state.view);
  order.forEach((row, i) => {
    const key = state.order[i];
    // A key on a field this view lacks shows as none: stateToOrderBy leaves it out of the request too.
    const shown = key && fields.includes(key.field) ? key : undefined;
    setChoices(row.field, orderChoices(fields), shown?.field ?? "");
    // No direction beside no key: "desc" beside an empty key reads as a sort that is not sent.
    if (shown) row.direction.value = shown.direction;
    else row.direction.selectedIndex = -1;
  });
}

/**
 * Each control's error or note beside it, and off where the view cannot use it (or another control turns it
 * off), described by the visible reason.
 */
function markControls(
  controlsOf: Partial<Record<Control, readonly Input[]>>,
  state: ExplorerState,
  how: {
    readonly on: Record<Control, boolean>;
    readonly problems: ControlErrors;
    readonly noteOf: (key: Control, state: ExplorerState) => string | undefined;
    readonly naNote: HTMLElement;
    readonly dependentOff: (control: Input) => boolean;
  },
): void {
  const reason = how.naNote.textContent.trim();
  for (const [key, list] of Object.entries(controlsOf) as [Control, readonly Input[]][]) {
    const off = !how.on[key];
    const problem = off ? undefined : how.problems[key];
    const said = problem ?? how.noteOf(key, state);
    const span = byId(`error-${key}`, HTMLElement);
    span.textContent = said ?? "";
    for (const control of list) {
      setAttrs(control, {
        disabled: off || how.dependentOff(control),
        "aria-invalid": problem ? "true" : undefined,
        "aria-describedby": [said ? span.id : "", off ? how.naNote.id : ""].join(" ").trim() || undefined,
        title: off ? reason : undefined,
      });
    }
  }
}
