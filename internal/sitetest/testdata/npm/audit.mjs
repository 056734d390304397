// Audits pages of a site served over HTTP with Debian's Chromium
// (CHROME_PATH): Lighthouse's four category scores and its console-errors
// audit, axe-core's serious and critical violations in light and dark
// themes, the page's console errors, and screenshots at 1280 and 390 px.
// Prints one JSON object on stdout; internal/sitetest judges it.
//
//   node audit.mjs --base http://127.0.0.1:PORT/ --out DIR [--preset mobile|desktop] [--min-performance 0.95] name=path ...
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import puppeteer from "puppeteer-core";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

const args = process.argv.slice(2);
let base = "", out = "", lighthouseRuns = true, preset = "mobile", minPerformance = 0.95;
const pages = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--base") base = args[++i];
  else if (args[i] === "--out") out = args[++i];
  else if (args[i] === "--no-lighthouse") lighthouseRuns = false;
  else if (args[i] === "--preset") preset = args[++i];
  else if (args[i] === "--min-performance") minPerformance = Number(args[++i]);
  else { const at = args[i].indexOf("="); pages.push({ name: args[i].slice(0, at), url: new URL(args[i].slice(at + 1), base).href }); } // a path may hold "=" (?q=...)
}
const flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"];
fs.mkdirSync(path.join(out, "screenshots"), { recursive: true });
fs.mkdirSync(path.join(out, "lighthouse"), { recursive: true });

const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH, chromeFlags: flags });
const result = { pages: [] };
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  // The first Lighthouse run in a fresh browser pays the browser's own
  // start-up: a long task of about 0.8 s that Lighthouse cannot attribute
  // to the page, which cost the first page audited a tenth of its
  // performance score. One run, discarded, warms the browser first.
  if (lighthouseRuns && pages.length > 0) {
    await lighthouse(pages[0].url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
      preset === "desktop" ? desktopConfig : undefined);
  }
  for (const pg of pages) {
    const rec = { name: pg.name, url: pg.url, scores: {}, consoleErrors: [], axe: {}, screenshots: [] };
    if (lighthouseRuns) {
      // On a loaded machine Lighthouse's accessibility gatherer (axe-core
      // over the whole page, given 30 s) can time out on a large page, which
      // leaves accessibility and the categories gathered after it unscored
      // (PROTOCOL_TIMEOUT). The page is then measured again without that
      // gatherer; accessibility is judged by this script's own axe-core run
      // below (rec.accessibilityFromAxe tells the test).
      const run = (categories) => lighthouse(pg.url, {
        port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories,
      }, preset === "desktop" ? desktopConfig : undefined);
      let lh = await run(["performance", "accessibility", "best-practices", "seo"]);
      // Twice at most: the second run can time out too under load.
      for (let retry = 0; retry < 2 && lh.lhr.runtimeError; retry++) {
        rec.firstRunError ||= `${lh.lhr.runtimeError.code}: ${lh.lhr.runtimeError.message}`;
        lh = await run(["performance", "best-practices", "seo"]);
        rec.accessibilityFromAxe = true;
      }
      if (lh.lhr.runtimeError) rec.runtimeError = `${lh.lhr.runtimeError.code}: ${lh.lhr.runtimeError.message}`;
      for (const [id, cat] of Object.entries(lh.lhr.categories)) rec.scores[id] = cat.score;
      // The performance score is the median of three runs, as Lighthouse's
      // guide on variability advises: on a shared machine one run can fall
      // on a moment when other work holds the CPU, which the simulated
      // phone multiplies fourfold. A third run is needed only when the
      // first two fall on either side of --min-performance.
      rec.performanceRuns = [rec.scores.performance];
      while (rec.performanceRuns.length < 3) {
        const below = rec.performanceRuns.filter((x) => x < minPerformance).length;
        if (rec.performanceRuns.length === 2 && (below === 0 || below === 2)) break;
        const again = await run(["performance"]);
        if (again.lhr.runtimeError || !again.lhr.categories.performance) break;
        rec.performanceRuns.push(again.lhr.categories.performance.score);
      }
      rec.scores.performance = rec.performanceRuns.slice().sort((a, b) => a - b)[Math.floor((rec.performanceRuns.length - 1) / 2)];
      rec.metrics = {};
      for (const id of ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"]) {
        rec.metrics[id] = lh.lhr.audits[id].numericValue;
      }
      const ce = lh.lhr.audits["errors-in-console"];
      rec.lighthouseConsoleErrors = (ce.details && ce.details.items || []).map((it) => `${it.source}: ${it.description}`);
      rec.failedAudits = [];
      for (const cat of Object.values(lh.lhr.categories)) {
        for (const ref of cat.auditRefs) {
          const a = lh.lhr.audits[ref.id];
          if (ref.weight > 0 && a.score !== null && a.score < 0.9) rec.failedAudits.push(`${cat.id}/${ref.id}: ${a.score} ${a.displayValue || ""}`.trim());
        }
      }
      fs.writeFileSync(path.join(out, "lighthouse", pg.name + ".json"), lh.report);
    }
    const tab = await browser.newPage();
    tab.on("console", (m) => { if (m.type() === "error") rec.consoleErrors.push(m.text()); });
    tab.on("pageerror", (e) => rec.consoleErrors.push("uncaught: " + e.message));
    // A request aborted by the next navigation (net::ERR_ABORTED) is no error.
    tab.on("requestfailed", (r) => {
      const why = r.failure() ? r.failure().errorText : "";
      if (why !== "net::ERR_ABORTED") rec.consoleErrors.push(`request failed (${why}): ${r.url()}`);
    });
    tab.on("response", (r) => { if (r.status() >= 400) rec.consoleErrors.push(`HTTP ${r.status()}: ${r.url()}`); });
    for (const scheme of ["light", "dark"]) {
      await tab.emulateMediaFeatures([{ name: "prefers-color-scheme", value: scheme }]);
      for (const width of [1280, 390]) {
        await tab.setViewport({ width, height: width > 500 ? 900 : 844, deviceScaleFactor: 1, isMobile: width < 500, hasTouch: width < 500 });
        await tab.goto(pg.url, { waitUntil: "networkidle0" });
        if (width === 1280) {
          await tab.evaluate(axeSource);
          const res = await tab.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
          rec.axe[scheme] = res.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
            .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length} nodes: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")})`);
        }
        const file = path.join(out, "screenshots", `${pg.name}-${width}${scheme === "dark" ? "-dark" : ""}.png`);
        await tab.screenshot({ path: file, fullPage: true });
        rec.screenshots.push(file);
      }
    }
    await tab.close();
    result.pages.push(rec);
  }
  await browser.disconnect();
} finally {
  await chrome.kill();
}
process.stdout.write(JSON.stringify(result) + "\n");
