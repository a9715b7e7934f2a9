/**
 * Unit-test global `chrome`: jest-chrome's mocks of every namespace. jest-chrome calls the global
 * `jest.fn` while its module body runs, so `jest` must exist first, hence the dynamic import rather than
 * a hoisted static one. Vitest's `vi.fn` is call-compatible with `jest.fn`.
 */
import { vi } from "vitest";

Object.assign(globalThis, { jest: vi });
const { chrome } = await import("jest-chrome");
Object.assign(globalThis, { chrome });
