/**
 * `permissions` with a person behind it: `granted` holds the origins the extension has, and `answer` is
 * what the person does when asked (or the browser's refusal of a pattern outside the manifest). As Firefox
 * does, `request` is refused unless called synchronously inside the user's input handler (`inHandler`);
 * a request for origins already held is granted at once, without asking.
 */
import type { PermissionsLike } from "../../src/options/access.ts";

export function fakePermissions(
  granted: string[],
  answer: "grant" | "deny" | Error,
): {
  readonly permissions: PermissionsLike;
  /** The origins of each request the person was asked to answer. */
  readonly asked: string[][];
  readonly granted: string[];
  readonly inHandler: <T>(handler: () => T) => T;
} {
  const asked: string[][] = [];
  let handling = false;
  const holds = (origins: string[]) => origins.every((o) => granted.includes(o));
  const permissions: PermissionsLike = {
    contains: ({ origins }) => Promise.resolve(holds(origins)),
    request: ({ origins }) => {
      if (!handling) {
        return Promise.reject(new Error("permissions.request may only be called from a user input handler"));
      }
      if (holds(origins)) return Promise.resolve(true);
      asked.push(origins);
      if (answer instanceof Error) return Promise.reject(answer);
      if (answer === "grant") granted.push(...origins);
      return Promise.resolve(answer === "grant");
    },
  };
  /** Runs `handler` as the browser runs a click or submit listener: input handling lasts while it runs. */
  function inHandler<T>(handler: () => T): T {
    handling = true;
    try {
      return handler();
    } finally {
      handling = false;
    }
  }
  return { permissions, asked, granted, inHandler };
}
