import { describe, expect, it } from "vitest";
import {
  HttpError,
  InvalidResponseError,
  NetworkError,
  TimeoutError,
} from "../../../src/core/client/index.ts";
import { failureText } from "../../../src/popup/failure.ts";

const URL = "http://127.0.0.1:8787/v1/chrome/platforms/all/channels/all/versions/all/releases";

describe("failureText", () => {
  it("gives the service's own message with the status", () => {
    const error = new HttpError({ method: "GET", url: URL, status: 503, serviceMessage: "backend down" });
    expect(failureText(error)).toBe("The service answered 503 Service Unavailable: backend down");
  });

  it("gives the status alone when the service said nothing", () => {
    expect(failureText(new HttpError({ method: "GET", url: URL, status: 418 }))).toBe(
      "The service answered 418.",
    );
  });

  it("says how long a timeout waited", () => {
    expect(failureText(new TimeoutError("GET", URL, 10_000))).toBe("The service did not answer within 10 s.");
  });

  it("says why the network failed", () => {
    expect(failureText(new NetworkError("GET", URL, new TypeError("Failed to fetch")))).toBe(
      "Cannot reach the service (Failed to fetch).",
    );
  });

  it("keeps any other error's message", () => {
    const error = new InvalidResponseError(URL, "releases[0].version", "must be a string");
    expect(failureText(error)).toBe(error.message);
    expect(failureText("plain")).toBe("plain");
  });
});
