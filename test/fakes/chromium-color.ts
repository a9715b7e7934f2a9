/**
 * Chromium's parser for the CSS colour strings that `action.setBadgeBackgroundColor` and
 * `setBadgeTextColor` accept, ported so the fake accepts and rejects the same strings with the same result.
 * It is not a CSS parser: Chromium uses its own small one (content/common/color_parser.cc), which takes
 * `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, `rgb(r,g,b)`/`rgba(r,g,b,a)` with integer channels,
 * `hsl(h,s%,l%)`/`hsla(h,s%,l%,a)`, and Skia's list of named colours (lower case only; `gray` but not
 * `grey`, no `rebeccapurple`, no `transparent`, no `currentcolor`). Checked against Chromium 156
 * by test/e2e/action-agreement.e2e.test.ts.
 */

/** RGBA, each an integer in [0, 255], the way the `action` getters return colours. */
export type Rgba = [number, number, number, number];

/**
 * Every name SkParse::FindNamedColor knows, with its value, as read back from Chromium 156: each CSS
 * colour name was set through `setBadgeBackgroundColor` and read back with `getBadgeBackgroundColor`.
 */
const NAMED = `
  aliceblue:f0f8ff antiquewhite:faebd7 aqua:00ffff aquamarine:7fffd4 azure:f0ffff beige:f5f5dc bisque:ffe4c4
  black:000000 blanchedalmond:ffebcd blue:0000ff blueviolet:8a2be2 brown:a52a2a burlywood:deb887
  cadetblue:5f9ea0 chartreuse:7fff00 chocolate:d2691e coral:ff7f50 cornflowerblue:6495ed cornsilk:fff8dc
  crimson:dc143c cyan:00ffff darkblue:00008b darkcyan:008b8b darkgoldenrod:b8860b darkgray:a9a9a9
  darkgreen:006400 darkkhaki:bdb76b darkmagenta:8b008b darkolivegreen:556b2f darkorange:ff8c00
  darkorchid:9932cc darkred:8b0000 darksalmon:e9967a darkseagreen:8fbc8f darkslateblue:483d8b
  darkslategray:2f4f4f darkturquoise:00ced1 darkviolet:9400d3 deeppink:ff1493 deepskyblue:00bfff
  dimgray:696969 dodgerblue:1e90ff firebrick:b22222 floralwhite:fffaf0 forestgreen:228b22 fuchsia:ff00ff
  gainsboro:dcdcdc ghostwhite:f8f8ff gold:ffd700 goldenrod:daa520 gray:808080 green:008000 greenyellow:adff2f
  honeydew:f0fff0 hotpink:ff69b4 indianred:cd5c5c indigo:4b0082 ivory:fffff0 khaki:f0e68c lavender:e6e6fa
  lavenderblush:fff0f5 lawngreen:7cfc00 lemonchiffon:fffacd lightblue:add8e6 lightcoral:f08080
  lightcyan:e0ffff lightgoldenrodyellow:fafad2 lightgreen:90ee90 lightgrey:d3d3d3 lightpink:ffb6c1
  lightsalmon:ffa07a lightseagreen:20b2aa lightskyblue:87cefa lightslategray:778899 lightsteelblue:b0c4de
  lightyellow:ffffe0 lime:00ff00 limegreen:32cd32 linen:faf0e6 magenta:ff00ff maroon:800000
  mediumaquamarine:66cdaa mediumblue:0000cd mediumorchid:ba55d3 mediumpurple:9370db mediumseagreen:3cb371
  mediumslateblue:7b68ee mediumspringgreen:00fa9a mediumturquoise:48d1cc mediumvioletred:c71585
  midnightblue:191970 mintcream:f5fffa mistyrose:ffe4e1 moccasin:ffe4b5 navajowhite:ffdead navy:000080
  oldlace:fdf5e6 olive:808000 olivedrab:6b8e23 orange:ffa500 orangered:ff4500 orchid:da70d6
  palegoldenrod:eee8aa palegreen:98fb98 paleturquoise:afeeee palevioletred:db7093 papayawhip:ffefd5
  peachpuff:ffdab9 peru:cd853f pink:ffc0cb plum:dda0dd powderblue:b0e0e6 purple:800080 red:ff0000
  rosybrown:bc8f8f royalblue:4169e1 saddlebrown:8b4513 salmon:fa8072 sandybrown:f4a460 seagreen:2e8b57
  seashell:fff5ee sienna:a0522d silver:c0c0c0 skyblue:87ceeb slateblue:6a5acd slategray:708090 snow:fffafa
  springgreen:00ff7f steelblue:4682b4 tan:d2b48c teal:008080 thistle:d8bfd8 tomato:ff6347 turquoise:40e0d0
  violet:ee82ee wheat:f5deb3 white:ffffff whitesmoke:f5f5f5 yellow:ffff00 yellowgreen:9acd32
`;

const NAMED_COLORS: ReadonlyMap<string, string> = new Map(
  NAMED.trim()
    .split(/\s+/)
    .map((entry) => entry.split(":") as [string, string]),
);

/** RE2's `\s`, which the C++ patterns use: no vertical tab and nothing outside ASCII, unlike JS's `\s`. */
const S = "[\\t\\n\\f\\r ]*";
/** What RE2 captures with `[\d.]+` and then converts to a double; a capture that is no number fails. */
const DECIMAL = "(?:\\d+\\.?\\d*|\\.\\d+)";
const HSL = new RegExp(`^hsl\\((-?${DECIMAL}),${S}(${DECIMAL})%,${S}(${DECIMAL})%\\)$`);
const HSLA = new RegExp(`^hsla\\((-?${DECIMAL}),${S}(${DECIMAL})%,${S}(${DECIMAL})%,${S}(${DECIMAL})\\)$`);
const RGB = new RegExp(`^rgb\\((\\d+),${S}(\\d+),${S}(\\d+)\\)$`);
const RGBA = new RegExp(`^rgba\\((\\d+),${S}(\\d+),${S}(\\d+),${S}(${DECIMAL})\\)$`);

/** Parses a colour string as Chromium's `ParseCssColorString` does; `undefined` where Chromium fails. */
export function parseChromiumColor(text: string): Rgba | undefined {
  if (text.startsWith("#")) return parseHex(text);
  if (text.startsWith("hsl")) return parseHsl(text);
  if (text.startsWith("rgb")) return parseRgb(text);
  const hex = NAMED_COLORS.get(text);
  return hex === undefined ? undefined : parseHex(`#${hex}`);
}

function parseHex(text: string): Rgba | undefined {
  const digits = text.slice(1);
  if (!/^[0-9a-fA-F]*$/.test(digits)) return undefined;
  let full: string;
  if (digits.length === 3 || digits.length === 4) full = [...digits].map((d) => d + d).join("");
  else if (digits.length === 6 || digits.length === 8) full = digits;
  else return undefined;
  if (full.length === 6) full += "ff";
  const byte = (i: number): number => parseInt(full.slice(i * 2, i * 2 + 2), 16);
  return [byte(0), byte(1), byte(2), byte(3)];
}

function parseRgb(text: string): Rgba | undefined {
  // "Percentage rgb values are not supported": any % fails, wherever it is.
  if (text.includes("%")) return undefined;
  const match = RGB.exec(text) ?? RGBA.exec(text);
  if (match === null) return undefined;
  const [r, g, b] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  const alpha = match[4] === undefined ? 1 : Number(match[4]);
  if ([r, g, b].some((c) => c > 255) || alpha > 1) return undefined;
  return [r, g, b, Math.trunc(alpha * 255)];
}

function parseHsl(text: string): Rgba | undefined {
  const match = HSL.exec(text) ?? HSLA.exec(text);
  if (match === null) return undefined;
  const hue = Number(match[1]);
  const saturation = Number(match[2]);
  const lightness = Number(match[3]);
  const alpha = match[4] === undefined ? 1 : Number(match[4]);
  // The hue is truncated to an int and wrapped into [0, 360) before it becomes a fraction of a turn.
  const h = (((Math.trunc(hue) % 360) + 360) % 360) / 360;
  const s = clamp(saturation, 0, 100) / 100;
  const l = clamp(lightness, 0, 100) / 100;
  return [...hslToRgb(h, s, l), Math.trunc(clamp(alpha, 0, 1) * 255)];
}

/** ui/gfx/color_utils.cc HSLToSkColor, which computes in `float`: every step is rounded to single precision. */
function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const f = Math.fround;
  const [h, s, l] = [f(hue), f(saturation), f(lightness)];
  if (s === 0) {
    const light = clampRound(f(l * 255));
    return [light, light, light];
  }
  const temp2 = l < 0.5 ? f(l * f(1 + s)) : f(f(l + s) - f(l * s));
  const temp1 = f(f(2 * l) - temp2);
  const third = f(1 / 3);
  return [calcHue(temp1, temp2, f(h + third)), calcHue(temp1, temp2, h), calcHue(temp1, temp2, f(h - third))];
}

function calcHue(temp1: number, temp2: number, hue: number): number {
  const f = Math.fround;
  let h = hue;
  if (h < 0) h = f(h + 1);
  else if (h > 1) h = f(h - 1);
  let result = temp1;
  if (f(h * 6) < 1) result = f(temp1 + f(f(f(temp2 - temp1) * h) * 6));
  else if (f(h * 2) < 1) result = temp2;
  else if (f(h * 3) < 2) result = f(temp1 + f(f(f(temp2 - temp1) * f(f(2 / 3) - h)) * 6));
  return clampRound(f(result * 255));
}

/** base::ClampRound to a byte: round half away from zero, then saturate. */
function clampRound(value: number): number {
  return clamp(Math.sign(value) * Math.round(Math.abs(value)), 0, 255);
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}
