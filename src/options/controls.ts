/**
 * The form's controls as form.ts's plain values: what they hold, read back, and a fill from values. The
 * platform and channel lists are filled by watch-choices.ts (their options depend on the service), and only
 * read here; the regions' list by usage-choices.ts. The radio groups are drawn from form.ts's choices, so their labels live in one place.
 */
import { productChoices } from "../shared/watch/pick-lists.ts";
import { byId, el, setChoices } from "../shared/page/dom.ts";
import { DEFAULT_SETTINGS } from "../shared/store/settings.ts";
import { badgeTextChoices, clickActionChoices, type FormValues } from "./form.ts";

export interface Controls {
  read(): FormValues;
  /** Shows `values` in every control but the platform and channel lists. */
  show(values: FormValues): void;
}

export function createControls(): Controls {
  const form = byId("settings", HTMLFormElement);
  const inputs = {
    baseUrl: byId("baseUrl", HTMLInputElement),
    scheduleUrl: byId("scheduleUrl", HTMLInputElement),
    pollMinutes: byId("pollMinutes", HTMLInputElement),
    focusMode: byId("focusMode", HTMLInputElement),
    notify: byId("notify", HTMLInputElement),
    usageUpdates: byId("usageUpdates", HTMLInputElement),
  };
  const selects = {
    product: byId("product", HTMLSelectElement),
    platform: byId("platform", HTMLSelectElement),
    channel: byId("channel", HTMLSelectElement),
    usageRegion: byId("usageRegion", HTMLSelectElement),
  };
  const radioGroups = {
    clickAction: { fieldset: byId("clickAction", HTMLFieldSetElement), choices: clickActionChoices },
    badgeText: { fieldset: byId("badgeText", HTMLFieldSetElement), choices: badgeTextChoices },
  };

  /** The value of the checked radio of group `name` ("" when none is). */
  const radioValue = (name: keyof typeof radioGroups): string => {
    const list = form.elements.namedItem(name);
    return list instanceof RadioNodeList ? list.value : "";
  };

  const drawRadios = (name: keyof typeof radioGroups, checked: string): void => {
    const { fieldset, choices } = radioGroups[name];
    const legend = fieldset.querySelector("legend");
    const rows = choices().map((choice) => {
      const id = `${name}-${choice.value}`;
      const radio = el("input", { type: "radio", name, id, value: choice.value });
      radio.checked = choice.value === checked;
      return el("div", { class: "choice" }, radio, el("label", { for: id }, choice.label));
    });
    fieldset.replaceChildren(...(legend ? [legend] : []), ...rows);
  };

  return {
    read: () => ({
      baseUrl: inputs.baseUrl.value,
      scheduleUrl: inputs.scheduleUrl.value,
      product: selects.product.value,
      platform: selects.platform.value,
      channel: selects.channel.value,
      usageRegion: selects.usageRegion.value,
      pollMinutes: inputs.pollMinutes.value,
      clickAction: radioValue("clickAction"),
      badgeText: radioValue("badgeText"),
      focusMode: inputs.focusMode.checked,
      notify: inputs.notify.checked,
      usageUpdates: inputs.usageUpdates.checked,
    }),
    show(values) {
      inputs.baseUrl.value = values.baseUrl;
      inputs.scheduleUrl.value = values.scheduleUrl;
      inputs.pollMinutes.value = values.pollMinutes;
      inputs.focusMode.checked = values.focusMode;
      inputs.notify.checked = values.notify;
      inputs.usageUpdates.checked = values.usageUpdates;
      setChoices(selects.product, productChoices(values.product, [DEFAULT_SETTINGS.product]), values.product);
      // The regions' names come with the usage data (usage-choices.ts); until then the stored one is its code.
      if (![...selects.usageRegion.options].some((o) => o.value === values.usageRegion))
        selects.usageRegion.append(el("option", { value: values.usageRegion }, values.usageRegion));
      selects.usageRegion.value = values.usageRegion;
      drawRadios("clickAction", values.clickAction);
      drawRadios("badgeText", values.badgeText);
    },
  };
}
