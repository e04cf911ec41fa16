// Lighthouse (mobile preset) on pages of the running local server, signed in as a fresh verified account with a few
// records, in Debian's Chromium. Prints the main timings of each run, the four category scores, and per page the
// median of RUNS runs (default 3).
//
//   RUNS=3 node infra/lighthouse/run.mjs http://127.0.0.1:PORT /breaks /archives
//
// Run by infra/scripts/lighthouse.sh (`make lighthouse`), which installs lighthouse and playwright-core into
// .cache/lighthouse and starts the server.
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";

const [base, ...paths] = process.argv.slice(2);
if (!base || paths.length === 0) {
  console.error("usage: run.mjs BASE_URL PATH...");
  process.exit(2);
}

async function api(method, path, body, token) {
  const response = await fetch(new URL(path, base), {
    method,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

// A verified account with a day of records, so the pages have something to render.
const email = `lighthouse-${Date.now().toString(36)}@example.com`;
const password = "lighthouse-pass1";
await api("POST", "/user/signup", {
  name: "Lighthouse Runner",
  email,
  password,
});
const outbox = (await api("GET", "/dev/outbox")).data;
const link = outbox
  .filter((mail) => JSON.stringify(mail.to).includes(email))
  .at(-1)?.link;
if (!link) throw new Error("no verification mail in /dev/outbox");
await api("POST", "/user/verify-email", {
  token: new URL(link).searchParams.get("token"),
});
const { data: login } = await api("POST", "/auth/login", { email, password });
const today = new Date().toISOString().slice(0, 10);
const breaks = [
  // type, startTime, endTime
  ["Coffee Break", "09:30", "09:45"],
  ["Lunch Break", "12:30", "13:15"],
  ["Tea Break", "15:00", "15:10"],
];
for (const [type, from, to] of breaks) {
  await api(
    "POST",
    "/break/add",
    {
      type,
      createdDate: today,
      startTime: from,
      endTime: to,
      reason: "Lighthouse sample",
    },
    login.access_token,
  );
}

const { hostname } = new URL(base);
const cookie = (name, value) => ({
  name,
  value: encodeURIComponent(value),
  domain: hostname,
  path: "/",
  sameSite: "Lax",
});

/** A Chromium with a profile of its own, signed in: the session cookies and nothing else. */
async function launchBrowser() {
  const port = 9300 + Math.floor(Math.random() * 500);
  const profile = mkdtempSync(join(tmpdir(), "bt-lighthouse-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    headless: true,
    args: [
      `--remote-debugging-port=${port}`,
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  await context.addCookies([
    cookie("access_token", login.access_token),
    cookie("refresh_token", login.refresh_token),
    cookie("id", login.id),
    cookie("name", login.name),
    cookie("email", email),
  ]);
  return {
    port,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Each path is measured RUNS times (default 3) and the median is printed, as single runs on a busy machine vary a
// lot. Every run is a first visit, in a browser started for it: no HTTP cache, service worker or compiled scripts from
// an earlier run (a browser kept between runs makes every page after the first faster than a first visit: the
// renderer keeps the scripts it compiled). LIGHTHOUSE_KEEP_CACHE=1 runs every page in one browser without clearing
// its caches, as on a returning visit.
const runs = Math.max(1, Number.parseInt(process.env.RUNS ?? "3", 10) || 3);
const keepCache = Boolean(process.env.LIGHTHOUSE_KEEP_CACHE);
// LIGHTHOUSE_SAVE=DIR writes each run's report (and trace) there, for the trace's own look at what shifted or blocked.
const saveDir = process.env.LIGHTHOUSE_SAVE;
if (saveDir) mkdirSync(saveDir, { recursive: true });
const loadavg = () =>
  readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const median = (values) => {
  const sorted = values.filter((v) => v !== undefined).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const fmt = (v) => (v === undefined ? "-" : `${(v / 1000).toFixed(2)} s`);
const figures = (f) =>
  `performance ${f.performance} | FCP ${fmt(f.fcp)}, LCP ${fmt(f.lcp)}, TBT ${Math.round(f.tbt ?? 0)} ms, ` +
  `CLS ${(f.cls ?? 0).toFixed(3)}`;

let failed = false;
const summary = [];
const shared = keepCache ? await launchBrowser() : undefined;
try {
  for (const path of paths) {
    const results = [];
    for (let run = 1; run <= runs; run += 1) {
      const browser = shared ?? (await launchBrowser());
      let result;
      try {
        result = await lighthouse(new URL(path, base).href, {
          port: browser.port,
          output: "json",
          logLevel: "error",
          disableStorageReset: keepCache,
          onlyCategories: [
            "performance",
            "accessibility",
            "best-practices",
            "seo",
          ],
        });
      } finally {
        if (!shared) await browser.close();
      }
      const { lhr } = result;
      if (
        lhr.finalDisplayedUrl &&
        !new URL(lhr.finalDisplayedUrl).pathname.startsWith(path)
      ) {
        console.error(
          `${path}: ended on ${lhr.finalDisplayedUrl} (not signed in?)`,
        );
        failed = true;
      }
      if (saveDir) {
        const name = `${path.replace(/\W+/g, "_") || "_"}-${run}`;
        writeFileSync(
          join(saveDir, `${name}.report.json`),
          JSON.stringify(lhr),
        );
        const trace = result.artifacts?.Trace;
        if (trace)
          writeFileSync(
            join(saveDir, `${name}.trace.json`),
            JSON.stringify(trace),
          );
      }
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const ms = (id) => lhr.audits[id]?.numericValue;
      const f = {
        performance: score("performance"),
        fcp: ms("first-contentful-paint"),
        lcp: ms("largest-contentful-paint"),
        tbt: ms("total-blocking-time"),
        cls: ms("cumulative-layout-shift"),
      };
      results.push(f);
      console.log(
        `${path} run ${run}/${runs}: ${figures(f)} (load average ${loadavg()})`,
      );
      if (process.env.LIGHTHOUSE_DETAILS) {
        const lcp =
          lhr.audits["largest-contentful-paint-element"]?.details?.items ?? [];
        for (const item of lcp[0]?.items ?? []) {
          if (item.node)
            console.log(
              `  LCP element: ${item.node.snippet ?? item.node.selector}`,
            );
          else if (item.phase)
            console.log(`  LCP ${item.phase}: ${Math.round(item.timing)} ms`);
        }
        for (const item of (
          lhr.audits["bootup-time"]?.details?.items ?? []
        ).slice(0, 4)) {
          console.log(
            `  script time ${Math.round(item.total)} ms: ${item.url}`,
          );
        }
        for (const item of lhr.audits["layout-shifts"]?.details?.items ?? []) {
          console.log(
            `  layout shift ${item.score?.toFixed(3)}: ${item.node?.snippet ?? item.node?.selector ?? "?"}`,
          );
        }
      }
      // The other categories hardly vary between runs: their failing audits are listed once.
      if (run === 1) {
        console.log(
          `  accessibility ${score("accessibility")}, best practices ${score("best-practices")}, SEO ${score("seo")}`,
        );
        for (const id of ["accessibility", "best-practices", "seo"]) {
          for (const ref of lhr.categories[id]?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id];
            if (
              ref.weight > 0 &&
              audit &&
              audit.score !== null &&
              audit.score < 1
            )
              console.log(`  ${id}: ${audit.id}: ${audit.title}`);
          }
        }
      }
    }
    const m = Object.fromEntries(
      ["performance", "fcp", "lcp", "tbt", "cls"].map((key) => [
        key,
        median(results.map((f) => f[key])),
      ]),
    );
    summary.push(`${path}: ${figures(m)}`);
  }
  console.log(
    `Median of ${runs} run${runs === 1 ? "" : "s"} (${keepCache ? "one browser, caches kept" : "each run a first visit in a new browser"}), load average now ${loadavg()}:`,
  );
  for (const line of summary) console.log(`  ${line}`);
} finally {
  await shared?.close();
}
process.exit(failed ? 1 : 0);
