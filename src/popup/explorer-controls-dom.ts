/**
 * The explorer's controls, laid out in index.html: view switch, product, platform, channel, version and start
 * bounds, live only, rollout and three sort keys, each with a `<label for>`. This module fills their choices,
 * shows each error beside its control (aria-invalid, aria-describedby) and, when the view cannot use a
 * control, disables it with the reason in a visible note it is described by (and in its title), rather than
 * silently ignoring it.
 *
 * The controls hold no state of their own: `show` writes an ExplorerState into them, and every edit reads them
 * back over the state last shown and hands the new state to `onChange`.
 */
import type { Direction, Field } from "../core/query/index.ts";
import { channelChoices, platformChoices, productChoices, type Choice } from "../shared/choices.ts";
import { byId, el, setAttrs } from "../shared/dom.ts";
import { applicable, orderFields, type Control } from "./explorer-filter.ts";
import type { ExplorerState, OrderChoice, Rollout } from "./explorer-state.ts";

/** Sort-key rows in index.html; a stored order with more keys keeps the rest (not editable here). */
const ORDER_ROWS = 3;

const ALL_PLATFORMS: Choice = { value: "all", label: "All platforms" };
const ALL_CHANNELS: Choice = { value: "all", label: "All channels" };

const FIELD_LABELS: Readonly<Record<Field, string>> = {
  version: "Version",
  name: "Name",
  platform: "Platform",
  channel: "Channel",
  starttime: "Start",
  endtime: "End",
  fraction: "Share",
};

/** The sort-key choices of a view: none, then the fields its endpoint can order by. */
export function orderChoices(fields: readonly Field[]): Choice[] {
  return [{ value: "", label: "—" }, ...fields.map((f) => ({ value: f, label: FIELD_LABELS[f] }))];
}

export interface Controls {
  /** Writes a state's values and errors into the controls; a text field being typed in keeps its text. */
  show(state: ExplorerState, errors: Partial<Record<Control, string>>): void;
}

type Input = HTMLInputElement | HTMLSelectElement;

export function bindControls(onChange: (state: ExplorerState) => void): Controls {
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

  function read(base: ExplorerState): ExplorerState {
    const kind = rollout.value;
    const share: Rollout =
      kind === "atLeast"
        ? { kind, percent: percent.valueAsNumber }
        : kind === "partial" || kind === "full"
          ? { kind }
          : { kind: "any" };
    const keys: OrderChoice[] = order
      .filter((row) => row.field.value !== "")
      .map((row) => ({ field: row.field.value as Field, direction: row.direction.value as Direction }));
    return {
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
      rollout: share,
      // Keys beyond the rows shown are kept as they were.
      order: [...keys, ...base.order.slice(ORDER_ROWS)],
    };
  }

  // Enter in a text field would submit the form and reload the popup.
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("input", () => {
    if (shown !== null) onChange(read(shown));
  });

  return {
    show(state, problems) {
      shown = state;
      const on = applicable(state.view);
      releases.checked = state.view === "releases";
      versions.checked = state.view === "versions";
      setChoices(product, productChoices(state.product), state.product);
      setChoices(platform, platformChoices(state.platform, ALL_PLATFORMS), state.platform);
      setChoices(channel, channelChoices(state.channel, ALL_CHANNELS), state.channel);
      setText(versionFrom, state.versionFrom);
      setText(versionTo, state.versionTo);
      setText(startFrom, state.startFrom);
      setText(startTo, state.startTo);
      liveOnly.checked = state.liveOnly;
      rollout.value = state.rollout.kind;
      if (state.rollout.kind === "atLeast" && Number.isFinite(state.rollout.percent)) {
        setText(percent, String(state.rollout.percent));
      }
      const fields = orderFields(state.view);
      order.forEach((row, i) => {
        const key = state.order[i];
        // A key on a field this view lacks shows as none: stateToOrderBy leaves it out of the request too.
        setChoices(row.field, orderChoices(fields), key && fields.includes(key.field) ? key.field : "");
        row.direction.value = key?.direction ?? "asc";
      });

      naNote.hidden = !Object.values(on).includes(false);
      const reason = naNote.textContent.trim();
      for (const [key, list] of Object.entries(controlsOf) as [Control, readonly Input[]][]) {
        const off = !on[key];
        const problem = off ? undefined : problems[key];
        const span = byId(`error-${key}`, HTMLElement);
        span.textContent = problem ?? "";
        for (const control of list) {
          setAttrs(control, {
            disabled: off || dependentOff(control, state),
            "aria-invalid": problem ? "true" : undefined,
            "aria-describedby": [problem ? span.id : "", off ? naNote.id : ""].join(" ").trim() || undefined,
            title: off ? reason : undefined,
          });
        }
      }
    },
  };

  /** Off because of another control: the share without "at least", a direction without its field. */
  function dependentOff(control: Input, state: ExplorerState): boolean {
    if (control === percent) return state.rollout.kind !== "atLeast";
    return order.some((row) => row.direction === control && row.field.value === "");
  }
}

/** Replaces a select's options only when the list changed, then selects `value`. */
function setChoices(target: HTMLSelectElement, choices: readonly Choice[], value: string): void {
  const same =
    target.options.length === choices.length &&
    choices.every((c, i) => target.options[i]?.value === c.value && target.options[i]?.text === c.label);
  if (!same) target.replaceChildren(...choices.map((c) => el("option", { value: c.value }, c.label)));
  target.value = value;
}

/** Writes a field unless the person is typing in it (their text is what the state came from). */
function setText(target: HTMLInputElement, value: string): void {
  if (target.value !== value && document.activeElement !== target) target.value = value;
}
