/**
 * The popup's one import of webextension-polyfill, loaded by extension-api.ts through a dynamic `import()`
 * after the first paint. An ES module of our own in front of the polyfill (a CommonJS file) keeps the
 * bundler's CommonJS interop helper out of the first paint's script: it lands in this lazy chunk instead.
 */
import browser from "webextension-polyfill";

export default browser;
