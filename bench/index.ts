// `npm run bench`: every benchmark, with its target. Exits 1 when a target is missed.
import { benchAnswerPage, printAnswerPageBench } from "./answer-page.ts";
import { benchAsking, printAskingBench } from "./asking.ts";
import { benchEmulator, printEmulatorBench } from "./emulator.ts";
import { benchPackages, printPackageSizes } from "./packages.ts";
import { benchQueries, printQueryBench } from "./query.ts";
import { benchThousands, printThousandsBench } from "./thousands.ts";
import { benchPopup, printPopupBench } from "./popup.ts";
import { benchTracked, printTrackedBench } from "./tracked.ts";
import { benchUsage, printUsageBench } from "./usage.ts";
import { benchPollCost, benchSettingsToBadge, printToolbarBench } from "./toolbar.ts";

const results = [
  printQueryBench(benchQueries()),
  printAskingBench(benchAsking()),
  printUsageBench(benchUsage()),
  printTrackedBench(benchTracked()),
  printPackageSizes(await benchPackages()),
  printEmulatorBench(await benchEmulator()),
  printToolbarBench(await benchPollCost(), await benchSettingsToBadge()),
  printPopupBench(await benchPopup()),
  printAnswerPageBench(await benchAnswerPage()),
  printThousandsBench(await benchThousands()),
];
console.log(results.every(Boolean) ? "\nall targets met" : "\nsome targets missed");
process.exitCode = results.every(Boolean) ? 0 : 1;
