// Lint: typescript-eslint's type-aware recommended rules over everything we write, and the boundaries
// between the extension's runtimes (see the README's architecture section).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import { noImportCycle } from "./scripts/eslint-no-import-cycle.js";

/** An import-path rule: any import whose path has a segment `folder/` from a file of these folders fails. */
const forbid = (folders, message) => ({
  regex: `(^|/)(${folders.join("|")})/`,
  message,
});

const POPUP_RUNTIME = forbid(
  ["background", "options"],
  "The popup shares code with other runtimes only via src/shared.",
);

/** From a feature folder, a file of src/popup itself: the page shell. */
const POPUP_SHELL = {
  regex: "^\\.\\./[^/]+$",
  message:
    "A popup feature does not import the page shell (main.ts, popup.ts, extension-api.ts, stored.ts): popup.ts passes it what it needs.",
};

/**
 * The popup's feature folders and who may import whom among them (each entry repeats POPUP_RUNTIME: a later
 * entry's options replace an earlier one's for the same file):
 *
 *   shell (src/popup/*.ts: main.ts wires, popup.ts runs the page, extension-api.ts, stored.ts)
 *     ├──► glance/    the header the first paint draws, its banners, schedule and watch switcher
 *     ├──► explorer/  the release list, its controls and advanced filter (loaded after the first paint)
 *     │      └──► chart/  the explorer's rollout chart
 *     └──► ask/       the search field and the answer page, `?q=` (loaded after the first paint)
 *
 * glance/ imports no other feature: it is the first paint's script (budget 30 KB), which an import of the
 * explorer or the chart would pull in. chart/ imports no other feature, and explorer/ not the glance: each
 * takes what it needs as parameters. No feature imports the shell, and nothing imports main.ts (the entry).
 */
const POPUP_FEATURES = [
  {
    files: ["src/popup/*.ts"],
    patterns: [
      POPUP_RUNTIME,
      { regex: "(^|/)main\\.ts$", message: "main.ts is the popup's entry: nothing imports it." },
    ],
  },
  {
    files: ["src/popup/glance/**/*.ts"],
    patterns: [
      POPUP_RUNTIME,
      forbid(
        ["explorer", "chart"],
        "glance/ is the popup's first paint (budget 30 KB): it imports no explorer or chart code.",
      ),
      POPUP_SHELL,
    ],
  },
  {
    files: ["src/popup/explorer/**/*.ts"],
    patterns: [
      POPUP_RUNTIME,
      forbid(
        ["glance"],
        "explorer/ imports only chart/ of the popup's features; the glance's parts come as parameters.",
      ),
      POPUP_SHELL,
    ],
  },
  {
    files: ["src/popup/chart/**/*.ts"],
    patterns: [
      POPUP_RUNTIME,
      forbid(
        ["glance", "explorer"],
        "chart/ imports no other popup feature: the explorer passes it what it charts.",
      ),
      POPUP_SHELL,
    ],
  },
  {
    files: ["src/popup/ask/**/*.ts"],
    patterns: [
      POPUP_RUNTIME,
      forbid(
        ["glance", "explorer", "chart"],
        "ask/ imports no other popup feature: it asks the service with src/core's client itself.",
      ),
      POPUP_SHELL,
    ],
  },
  {
    files: ["src/popup/tracked/**/*.ts"],
    patterns: [
      POPUP_RUNTIME,
      forbid(
        ["glance", "explorer", "chart", "ask"],
        "tracked/ imports no other popup feature: the page tells it the answer it watches.",
      ),
      POPUP_SHELL,
    ],
  },
];

/**
 * Who may import whom. The runtimes (service worker, popup, options page) never import each other; what
 * they share lives in src/shared, which imports no runtime; src/core is the service's pure model and imports
 * only itself (no extension code, no Node, no DOM of its own).
 */
const BOUNDARIES = [
  {
    files: ["src/core/**/*.ts"],
    patterns: [
      forbid(["shared", "background", "popup", "options"], "src/core imports only src/core."),
      { regex: "^node:", message: "src/core runs in the browser too: no Node modules." },
    ],
  },
  {
    files: ["src/shared/**/*.ts"],
    patterns: [
      forbid(
        ["background", "popup", "options"],
        "src/shared is imported by the runtimes, never the reverse.",
      ),
    ],
  },
  {
    files: ["src/background/**/*.ts"],
    patterns: [
      forbid(["popup", "options"], "The service worker shares code with pages only via src/shared."),
    ],
  },
  { files: ["src/popup/**/*.ts"], patterns: [POPUP_RUNTIME] },
  ...POPUP_FEATURES,
  {
    files: ["src/options/**/*.ts"],
    patterns: [
      forbid(
        ["background", "popup"],
        "The options page shares code with other runtimes only via src/shared.",
      ),
    ],
  },
];

/**
 * Extension APIs are reached only through webextension-polyfill's `browser` (native in Firefox and Chrome
 * 148+, `chrome` wrapped in promises before that), and only these modules import it: each runtime's one
 * holder, which passes the parts it needs to the code below it. Type-only imports are free everywhere.
 */
const EXTENSION_API_HOLDERS = [
  "src/background/index.ts",
  "src/popup/browser-namespace.ts",
  "src/options/main.ts",
];
const NAMESPACE =
  "reach extension APIs through `browser` from webextension-polyfill, passed in by the runtime's entry module (README: Extension APIs)";
const EXTENSION_APIS = [
  {
    files: ["src/**/*.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "chrome", message: `No bare \`chrome\` in product code: ${NAMESPACE}.` },
        { name: "browser", message: `No global \`browser\`: ${NAMESPACE}.` },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value='webextension-polyfill'][importKind!='type']",
          message: `Only ${EXTENSION_API_HOLDERS.join(", ")} import webextension-polyfill: ${NAMESPACE}.`,
        },
        {
          selector: "ImportExpression[source.value='webextension-polyfill']",
          message: `Only ${EXTENSION_API_HOLDERS.join(", ")} import webextension-polyfill: ${NAMESPACE}.`,
        },
      ],
    },
  },
  { files: EXTENSION_API_HOLDERS, rules: { "no-restricted-syntax": "off" } },
];

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "dist-firefox/",
      "node_modules/",
      "artifacts/",
      "coverage/",
      ".e2e-dist/",
      ".e2e-dist-firefox/",
      ".bench-dist/",
      // A reviewer's script, kept as written beside the figures it made (its README says why).
      "test/fixtures/usage-oracle/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  ...BOUNDARIES.map(({ files, patterns }) => ({
    files,
    rules: { "no-restricted-imports": ["error", { patterns }] },
  })),
  ...EXTENSION_APIS,
  // No import circles in what ships, type-only imports included (import-x's no-cycle skips those): a circle
  // makes load order decide which module sees the other half-made, and ties modules that should stand apart.
  {
    files: ["src/**/*.ts"],
    plugins: { local: { rules: { "no-import-cycle": noImportCycle } } },
    rules: { "local/no-import-cycle": "error" },
  },
  // A function someone must read whole to change stays under 120 lines: longer, it is parts that want names.
  {
    files: ["src/**/*.ts"],
    rules: { "max-lines-per-function": ["error", { max: 120, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ["**/*.js"],
    ...tseslint.configs.disableTypeChecked,
  },
);
