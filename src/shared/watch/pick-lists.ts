/**
 * The products, platforms and channels a person can pick, in one order and with one set of labels, for the
 * options page and the popup alike. A stored id the lists do not know (a platform the service added, a
 * product alias) is kept as a choice of its own, so it stays selected instead of being silently replaced.
 */
import {
  canonicalProduct,
  CHANNEL_DISPLAY_ORDER,
  KNOWN_PLATFORMS,
  labelOf,
  PRODUCT_LABELS,
  type ProductId,
} from "../../core/catalog.ts";

export interface Choice {
  readonly value: string;
  readonly label: string;
}

/**
 * Each product once, by its name. The value is the id in use when it is one of the product's spellings
 * (`browser` is Chrome to the emulator, `chrome` to the real service), else the first of `preferred` that is,
 * else the real service's id. An unknown current id comes last, as it is.
 */
export function productChoices(current: string, preferred: readonly string[] = []): Choice[] {
  const ids = [current, ...preferred];
  const choices = (Object.keys(PRODUCT_LABELS) as ProductId[]).map((product) => ({
    value: ids.find((id) => canonicalProduct(id) === product) ?? product,
    label: PRODUCT_LABELS[product],
  }));
  return canonicalProduct(current) === null ? [...choices, { value: current, label: current }] : choices;
}

/** `first` (all platforms, or automatic), every known platform, then the current id when unknown. */
export function platformChoices(current: string, first: Choice): Choice[] {
  return withCurrent([first, ...KNOWN_PLATFORMS.map(choiceOf)], current);
}

/**
 * The platforms the toolbar can watch: `auto` first (labelled with what it stands for on this device, when
 * known), every known platform, then the current one. The options page and the popup offer the same list.
 */
export function watchPlatformChoices(current: string, detected: string | null): Choice[] {
  return platformChoices(current, automaticChoice(detected));
}

/** The watch's `auto`, labelled with the platform it stands for on this device when that is known. */
export function automaticChoice(detected: string | null): Choice {
  return {
    value: "auto",
    label: detected === null ? "Automatic" : `Automatic (this device: ${labelOf(detected)})`,
  };
}

/** `first` when given (all channels), the channels from stable outwards, then the current id when unknown. */
export function channelChoices(current: string, first?: Choice): Choice[] {
  return withCurrent([...(first ? [first] : []), ...CHANNEL_DISPLAY_ORDER.map(choiceOf)], current);
}

/**
 * The ids a service lists (platforms or channels, in the order given), each once, with the catalog's labels,
 * after `first` when given. A current id the service does not list comes last, marked (`missing` says how;
 * by default "not on this service"), so a stored id stays selected and the person sees why its query may
 * find nothing.
 */
export function choicesFromIds(
  ids: readonly string[],
  first?: Choice,
  current?: string,
  missing: (id: string) => string = notOnService,
): Choice[] {
  const choices = [...(first ? [first] : []), ...[...new Set(ids)].map(choiceOf)];
  return current === undefined ? choices : withCurrent(choices, current, missing(current));
}

/** The label of an id the service does not list. */
function notOnService(id: string): string {
  return `${labelOf(id)} (not on this service)`;
}

function choiceOf(id: string): Choice {
  return { value: id, label: labelOf(id) };
}

function withCurrent(choices: Choice[], current: string, label = labelOf(current)): Choice[] {
  return choices.some((c) => c.value === current) ? choices : [...choices, { value: current, label }];
}
