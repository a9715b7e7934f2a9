/**
 * Objects the platform hands out under names that do not say their interface, by the interface
 * browser-compat-data files their members under: `navigator.storage.persist()` is asked as
 * `StorageManager.persist()`. Where the name starts one interface's name alone, exact.ts ownedBy finds it
 * from the data (`navigator.locks` is LockManager); these are the ones it cannot: `storage` also starts
 * Storage (localStorage's), `fonts` FontFace. Each is the interface MDN's page for the property says it
 * returns (developer.mozilla.org/docs/Web/API/Navigator/storage, …/Document/fonts). Pure.
 */
const ACCESSORS: readonly (readonly [string, string])[] = [
  ["navigator.storage", "StorageManager"],
  ["document.fonts", "FontFaceSet"],
];

const PATTERN = new RegExp(
  `(?<![\\w.])(?:window\\.|self\\.|globalThis\\.)?(${ACCESSORS.map(([a]) => a.replace(".", "\\.")).join("|")})\\.(?=[A-Za-z_$])`,
  "g",
);
const BY_ACCESSOR = new Map(ACCESSORS);

/** `text` with each accessor before a member written as its interface, or null when there is none. */
export function withInterfaces(text: string): string | null {
  const renamed = text.replace(PATTERN, (_, accessor: string) => `${BY_ACCESSOR.get(accessor) ?? accessor}.`);
  return renamed === text ? null : renamed;
}
