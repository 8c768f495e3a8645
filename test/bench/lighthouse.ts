import { existsSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** ARCHITECTURE.md's budget for public pages, on Lighthouse's default mobile profile. */
export const LIGHTHOUSE_BUDGET = { performance: 95, accessibility: 100 } as const;

/** One run's figures (simulated, as Lighthouse scores them), and what Chromium observed of its paints. */
export interface RunFigures {
  performance: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  speedIndexMs: number;
  observedFirstContentfulPaintMs: number;
  observedLoadMs: number;
  /**
   * The page had loaded more than a second before its first contentful paint was observed: the signature of
   * headless Chromium holding back frames during a load (GoogleChrome/lighthouse#17148, open upstream), which
   * delays every observed paint by one or two whole seconds and so the speed index. Flagged, still counted.
   */
  paintHeldBack: boolean;
}

/** One run: its figures, and its accessibility findings. */
interface RunScore extends RunFigures {
  url: string;
  accessibility: number;
  cumulativeLayoutShift: number;
  /** Accessibility audits that did not pass, by id: where a score below 100 comes from. */
  failedAccessibilityAudits: string[];
}

/** A page: its median run (by performance), and every run's figures. */
export interface PageScore extends RunScore {
  /** Every run's performance score, in order. */
  performanceRuns: number[];
  /** Every run's figures, in order. */
  runs: RunFigures[];
  /**
   * The page's load before its runs, not counted: a page's first load was its slowest in most pages (a mean of 89
   * against 92 for the later runs, in one bench), most likely from work done once on the cores Chromium renders
   * on (each function's first request opens its SDK connections, code compiles on first use). Reported, not
   * hidden.
   */
  warmupPerformance: number;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/** A run's figures, without the page's address and accessibility findings. */
const figuresOf = ({
  url: _url,
  accessibility: _accessibility,
  cumulativeLayoutShift: _cls,
  failedAccessibilityAudits: _failed,
  ...figures
}: RunScore): RunFigures => figures;

/** A held-back paint: the first contentful one observed more than this long after the page's load event. */
const PAINT_HELD_BACK_MS = 1000;

/**
 * Lighthouse (mobile, simulated throttling: its defaults) on each page of the local build, `runs` times each
 * after one warm-up run (its blocking time is measured, then scaled, so one run on a busy 2-core machine can be
 * far off), in one headless Debian Chromium; each page reports its median run. Figures are reported, never
 * asserted.
 */
export async function lighthouseScores(
  pages: Record<string, string>,
  runs = 3,
  options: {
    /**
     * Runs once in the launched Chromium before any audit (given its debugging port), e.g. to sign staff in;
     * the audits then keep the browser's storage (Lighthouse clears it by default), so the session survives.
     */
    prepare?: (port: number) => Promise<void>;
  } = {},
): Promise<Record<string, PageScore>> {
  // chrome-launcher reports a missing browser as an 'error' event nobody can catch: the process would die and
  // leave the local stack it was auditing running. Refused here, the caller's cleanup runs.
  if (!existsSync(CHROMIUM))
    throw new Error(
      `No Chromium at ${CHROMIUM}: install Debian's (apt-get install chromium, as .ci/run does) or set CHROMIUM_PATH.`,
    );
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    if (options.prepare) await options.prepare(chrome.port);
    const audit = async (url: string): Promise<RunScore> => {
      const run = await lighthouse(url, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: !!options.prepare,
      });
      if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits } = run.lhr;
      // A signed-out visit to a back-office page lands on /login: that would score the wrong page.
      const landed = new URL(run.lhr.finalDisplayedUrl).pathname;
      if (landed !== new URL(url).pathname)
        throw new Error(`Lighthouse asked for ${url} but landed on ${landed}`);
      const metric = (id: string) => Math.round((audits[id]?.numericValue ?? 0) * 1000) / 1000;
      const accessibilityIds = (categories.accessibility?.auditRefs ?? []).map((ref) => ref.id);
      const observed = ((audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined)
        ?.items?.[0] ?? {}) as Record<string, number | undefined>;
      const observedFirstContentfulPaintMs = Math.round(observed.observedFirstContentfulPaint ?? 0);
      const observedLoadMs = Math.round(observed.observedLoad ?? 0);
      return {
        url,
        performance: score(categories.performance?.score),
        accessibility: score(categories.accessibility?.score),
        firstContentfulPaintMs: Math.round(metric('first-contentful-paint')),
        largestContentfulPaintMs: Math.round(metric('largest-contentful-paint')),
        totalBlockingTimeMs: Math.round(metric('total-blocking-time')),
        speedIndexMs: Math.round(metric('speed-index')),
        observedFirstContentfulPaintMs,
        observedLoadMs,
        paintHeldBack: observedFirstContentfulPaintMs - observedLoadMs > PAINT_HELD_BACK_MS,
        cumulativeLayoutShift: metric('cumulative-layout-shift'),
        failedAccessibilityAudits: accessibilityIds.filter((id) => {
          const result = audits[id];
          return result && result.score !== null && result.score < 1;
        }),
      };
    };
    const results: Record<string, PageScore> = {};
    for (const [name, url] of Object.entries(pages)) {
      const warmup = await audit(url);
      const scores: RunScore[] = [];
      for (let i = 0; i < runs; i++) scores.push(await audit(url));
      const median = [...scores].sort((a, b) => a.performance - b.performance)[Math.floor(runs / 2)];
      results[name] = {
        ...median,
        performanceRuns: scores.map((r) => r.performance),
        runs: scores.map(figuresOf),
        warmupPerformance: warmup.performance,
      };
      const held = scores.flatMap((r, i) => (r.paintHeldBack ? [i + 1] : []));
      console.log(
        `lighthouse ${name}: performance ${median.performance} (runs ${results[name].performanceRuns.join(', ')}; warm-up ${warmup.performance}, not counted${held.length ? `; paint held back in run ${held.join(', ')}` : ''}), accessibility ${median.accessibility}`,
      );
    }
    return results;
  } finally {
    chrome.kill();
  }
}
