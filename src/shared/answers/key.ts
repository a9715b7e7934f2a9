/**
 * The answer about one browser-compat-data key (`javascript.operators.optional_chaining`): its own support,
 * which web-features folds into a broader feature ("Object", Chrome 1, for an operator Chrome shipped in 80).
 * The same lines as a feature's, from the key's versions, and the web feature it belongs to, to ask next.
 */
import { identityLine } from "../../core/features/asset.ts";
import type { CompatKey } from "../../core/features/compat-keys.ts";
import { keyTitle } from "../../core/features/key-title.ts";
import { releaseNotesUrl } from "../page/release-notes.ts";
import type { Answer, AnswerChoices, AnswerLink, AskContext } from "./answer.ts";
import { baselineLine, remoteOffCaveat } from "./feature.ts";
import { reachLines } from "./reach.ts";
import { otherBrowsersLine, supportedOfKey, versionIn, versionMilestone } from "./supported.ts";
import { usersLines } from "./users.ts";

export function keyAnswer(key: CompatKey, ctx: AskContext, choices: readonly AnswerChoices[] = []): Answer {
  const supported = supportedOfKey(key);
  const users = ctx.usage === undefined ? null : usersLines(ctx.usage, ctx.asset, { kind: "key", key });
  const { lines, chrome, watched } = reachLines(
    supported,
    ctx,
    users?.lines ?? (ctx.usageProblem === undefined ? [] : [ctx.usageProblem]),
  );
  if (key.deprecated) lines.push("Deprecated: browser-compat-data marks it deprecated.");
  const { feature } = key;
  lines.push(
    otherBrowsersLine(supported),
    feature === null
      ? "No web feature of web-features holds it: there is no Baseline status for it."
      : `Part of the web feature ${feature.name}. ${baselineLine(feature)}`,
    ...remoteOffCaveat(supported),
    ...(users === null ? [] : [users.credit]),
    `browser-compat-data key: ${key.key}`,
    identityLine(ctx.asset),
  );
  const links: AnswerLink[] = [];
  if (key.page !== undefined) links.push({ text: "MDN", url: key.page });
  if (feature !== null)
    links.push({
      text: `webstatus.dev: ${feature.name}`,
      url: `https://webstatus.dev/features/${encodeURIComponent(feature.id)}`,
    });
  const version = versionIn(supported, "chrome");
  const milestone = version === null ? null : versionMilestone(version);
  if (milestone !== null)
    links.push({ text: `Chrome ${milestone} release notes`, url: releaseNotesUrl(milestone) });
  return {
    kind: "key",
    subject: `key:${key.key}`,
    title: keyTitle(key),
    ...(milestone !== null && { scheduleOf: milestone }),
    lines,
    links,
    choices: [
      ...(feature === null
        ? []
        : [
            {
              label: "The web feature",
              questions: [{ text: feature.name, question: `feature:${feature.id}` }],
            },
          ]),
      ...choices,
    ],
    summary: [
      keyTitle(key),
      ...(users === null ? [] : [users.short]),
      chrome.short,
      ...(watched === null ? [] : [watched.short]),
    ].join(" · "),
    ...(users !== null && { users: users.view }),
  };
}
