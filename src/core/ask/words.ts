/**
 * The everyday words a question is wrapped in ("can I use", "is … supported", "does chrome support", "when
 * does … ship", "what's new in", "api", "css", "element", "selector", "in chrome", "the"), which are never its
 * subject unless the subject's own name has them. Matching first tries the question whole, so a feature
 * named with one of these words ("Web Share", "Mutation events", "color-function") is found by its name
 * before any word is dropped.
 */

/** Around a question about a web feature or a compat key. */
const FEATURE_FILLER = [
  ..."a an the this that it its my our your their me we i you they there".split(" "),
  ..."can could may might will would should shall do does did is are was were be been have had".split(" "),
  ..."when where which what what's whats how why who".split(" "),
  ..."use using used usable support supports supported supporting available availability".split(" "),
  ..."ship ships shipped shipping land lands landed work works working enabled".split(" "),
  ..."in on at for of to with by from and or about yet now already still today".split(" "),
  ..."users user people everyone browser browsers chrome chromium google".split(" "),
  ..."api apis css html js javascript dom web".split(" "),
  ..."element elements tag selector selectors pseudo-class pseudo-element function functions method methods".split(
    " ",
  ),
  ..."operator operators property properties attribute attributes event events feature features".split(" "),
  ..."rule at-rule value values keyword statement interface prototype setter getter".split(" "),
  ..."caniuse compat compatibility status baseline tell know check layout deprecated obsolete removed".split(
    " ",
  ),
  // How people ask whether and since when: "is X safe to use yet", "is X dead", "chrome version for X",
  // "can I drop the -webkit- prefix", "do I need a polyfill for X". Never a word of a feature's name
  // ("long animation frames", "page visibility", "web share", "measure memory", "all"): a name with it
  // would be looked up without it.
  ..."safe dead alive thing introduce introduced since minimum".split(" "),
  ..."version versions production prod drop prefix prefixed unprefixed -webkit- webkit need needs".split(" "),
  ..."polyfill polyfills fallback widely everywhere every desktop mobile suport suported".split(" "),
  // "X not working in safari", "should I rely on X", "is X ok to ship".
  ..."not don't dont doesn't doesnt isn't isnt broken bug bugs issue issues problem problems any".split(" "),
  ..."mac macos linux chromeos vendor prefixes".split(" "),
  ..."good ok okay fine allowed want need rely depend coverage percentage percent".split(" "),
  ..."worldwide audience visitors customers clients shippable".split(" "),
  // "X mdn docs", "is X gone", "X without a fallback".
  ..."mdn docs doc documentation replacement instead gone".split(" "),
  ..."needed without natively removal transpile transpiled transpiling".split(" "),
];

/** An IT admin's words around a release question: "the current chrome stable for our fleet", "… for managed devices". */
export const ADMIN_WORDS: readonly string[] =
  "our my we us fleet managed devices device machines computers laptops employees staff enterprise org".split(
    " ",
  );

/**
 * Around a question about a milestone or a version: `Chrome 153 beta`, `when does chrome 153 ship`, `what's
 * new in chromium 152`. Channels are read as words about the milestone: the answer says every channel.
 */
const RELEASE_FILLER = [
  ..."a an the is are was will when does do did what what's whats how which new in on of for about".split(
    " ",
  ),
  ..."chrome chromium google browser version release released releases ship ships shipped out come".split(
    " ",
  ),
  ..."land lands landed arrive arrives notes changelog changes early stable beta dev canary extended channel".split(
    " ",
  ),
  ..."milestone live rolling rollout roll reach reaches get gets date dates day days schedule yet eta".split(
    " ",
  ),
  ..."will be become becomes go goes hit hits expected planned".split(" "),
  // The schedule's own words: "branch point for m155", "M160 feature freeze", "chrome 150 features".
  ..."branch point cut freeze feature features".split(" "),
  // Where and how far: "chrome 151 for android", "how far is chrome 152 rolled out", "chrome 150 deprecations".
  ..."android ios iphone ipad windows mac macos linux chromeos desktop mobile status far rolled percent".split(
    " ",
  ),
  ..."changed change lts support percentage users user many much have has fully list end life eol promotion promoted newest latest current".split(
    " ",
  ),
  ..."deprecation deprecations removal removals security fix fixes how long until till refresh respin update build builds".split(
    " ",
  ),
  ...ADMIN_WORDS,
];

const featureFiller = new Set(FEATURE_FILLER);
const releaseFiller = new Set(RELEASE_FILLER);

/** JavaScript's operators of more than one character (MDN's Operators reference): a word as written. */
const OPERATORS = new Set(
  "?. ?? ??= ** **= && &&= || ||= ... => == === != !== <= >= << >> >>> <<= >>= >>>= += -= *= /= %= &= |= ^= ++ --".split(
    " ",
  ),
);

/** Whether a word is one of JavaScript's operators (`??=`, `?.`). */
export const isOperator = (word: string): boolean => OPERATORS.has(word);

/**
 * A question's words: lower case, split at spaces, with the punctuation that wraps a word in a sentence
 * (`?`, `!`, `,`, quotes) taken off its ends, but what belongs to a name kept (`:has()`, `<dialog>`, `@layer`,
 * `api.Document.write`).
 */
export function wordsOf(text: string): string[] {
  return tokensOf(text.toLowerCase());
}

/** A question's words as written (case kept: it tells `Object` from `<object>`), split as wordsOf splits. */
function tokensOf(text: string): string[] {
  return (
    text
      .split(/\s+/)
      // An operator of two or more characters (`?.`, `??=`) is a word as written.
      .map((w) =>
        OPERATORS.has(w)
          ? w
          : w.replace(/^["'“”‘’¿¡,;]+|["'“”‘’?!,;]+$|(?<!\d)\.+$/g, "").replace(/[’‘]/g, "'"),
      )
      .filter((w) => w !== "")
  );
}

/**
 * The one word of the question that is not a word it is wrapped in, as written, where it has a capital
 * (`MutationEvent` of "the MutationEvent interface"): its case tells a name's words apart. Else null.
 */
export function casedName(text: string): string | null {
  const kept = tokensOf(text).filter((w) => !isWrappingWord(w.toLowerCase()));
  const [only] = kept;
  return kept.length === 1 && only !== undefined && /\p{Lu}/u.test(only) && only !== text.trim()
    ? only
    : null;
}

/** `text`'s words but those `dropped`, joined again: "" when nothing else is left. */
const wordsBut = (text: string, dropped: (word: string) => boolean): string =>
  wordsOf(text)
    .filter((w) => !dropped(w))
    .join(" ");

/**
 * Phrases of asking whose words are names elsewhere: "how to check if X is supported" (CSS `if()`), "X
 * compatibility table" (`<table>`), "has chrome shipped X" (`:has()`). Their name words go; the rest is
 * dropped as any question's words are.
 */
export function withoutAskingPhrases(text: string): string {
  return (
    text
      // "how to check if X is supported": X, whatever it holds (a name ends before "is supported").
      .replace(
        /^\s*(?:how (?:to|do i|can i|do you) )?(?:check|detect|test|tell|know|find out) (?:if|whether) (.+?) (?:is|are) (?:supported|available)\s*\??\s*$/i,
        "$1",
      )
      // "X compatibility table", as the question's last words.
      .replace(/\b(compat|compatibility|support|browser)\s+(?:tables?|charts?|matrix)\s*[?.!]*\s*$/i, "$1")
      .replace(/^\s*(?:has|have)\s+(?=(?:chrome|chromium|safari|firefox|edge|opera|samsung|it|any)\b)/i, "")
  );
}

/** The question without the words it is wrapped in, or "" when nothing else is left. */
export function withoutFeatureFiller(text: string): string {
  return wordsBut(text, (w) => featureFiller.has(w));
}

/** As withoutFeatureFiller, the words kept as written (their case tells `Object` from `<object>`). */
export function withoutFeatureFillerCased(text: string): string {
  return tokensOf(text)
    .filter((w) => !featureFiller.has(w.toLowerCase()))
    .join(" ");
}

/** The words that say what kind of thing a name is: a compat key's name may end with one (`unload event`). */
const KIND_WORDS = new Set(
  "element tag attribute property event operator function method selector rule at-rule header statement interface".split(
    " ",
  ),
);

/** Whether the question says what kind of thing it names (`plaintext element`, `unload event`). */
export const hasKindWord = (text: string): boolean => wordsOf(text).some((w) => KIND_WORDS.has(w));

/** The question without the words it is wrapped in but its kind words, or "" when nothing else is left. */
export function withoutQuestionWords(text: string): string {
  return wordsBut(text, (w) => featureFiller.has(w) && !KIND_WORDS.has(w));
}

/**
 * The words that only wrap a question, never a feature's name ("is … supported", "when did chrome ship …",
 * "… browser support"): fewer than FEATURE_FILLER, which also drops words names hold (`html`, `layout`, `in`,
 * `selectors`, `events`), so that `is Layout containment supported` is found as `Layout containment` first.
 */
const WRAPPING = new Set(
  "a an the is are was were be been do does did can could will would when which what what's whats how use using used support supports supported supporting available availability ship ships shipped shipping yet now already users browser browsers chrome chromium google caniuse baseline api".split(
    " ",
  ),
);

/** The question without the words that only wrap it, or "" when nothing else is left. */
export function withoutWrapping(text: string): string {
  return wordsBut(text, (w) => WRAPPING.has(w));
}

/**
 * Words of everyday questions that are also words of names (`ready`: `Animation.ready`; `has`: `:has()`;
 * `long`: "Long tasks"; `all`: `all`; `min`: `min()`): "is the Temporal API ready", "how long has flexbox
 * been supported", "when did chrome add css nesting", "min chrome version for webcodecs". A question is
 * looked up without them only when nothing is found with them.
 */
const SOFT = new Set(
  "ready add added adds long has have all min been really ever modern current currently implement implemented implementation native enough come came arrive arrived get got properly correctly old older launched right first start started release released fully measure track detect unit units measurement".split(
    " ",
  ),
);

/**
 * The question without its soft words (SOFT) and with its vendor prefixes dropped (`-webkit-user-select` is
 * asked as `user-select`), or null when it has none, or nothing else.
 */
export function withoutSoftWords(text: string): string | null {
  const tokens = tokensOf(text);
  const kept = tokens
    .filter((w) => !SOFT.has(w.toLowerCase()))
    .map((w) => w.replace(/^-(?:webkit|moz|ms|o)-(?=[a-z])/i, ""));
  // Something more than the words any question is wrapped in is left, or nothing is asked.
  if (!kept.some((w) => !featureFiller.has(w.toLowerCase()))) return null;
  const joined = kept.join(" ");
  return joined !== tokens.join(" ") ? joined : null;
}

/** Whether a word is one a feature question is wrapped in. */
export function isFeatureFiller(word: string): boolean {
  return featureFiller.has(word);
}

/** Whether a word only wraps a feature question, its soft words too ("added", "ready"). */
export const isWrappingWord = (word: string): boolean => featureFiller.has(word) || SOFT.has(word);

/** The words of a release question that are not about releases in general: the milestone or version asked. */
export function withoutReleaseFiller(text: string): string[] {
  return wordsOf(text).filter((w) => !releaseFiller.has(w));
}
