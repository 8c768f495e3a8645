import axe from 'axe-core';
import {
  type Browser,
  type BrowserContextOptions,
  chromium,
  type Frame,
  type Page,
  type Request,
} from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export async function newPage(
  browser: Browser,
  viewport: ViewportName,
  options: Pick<BrowserContextOptions, 'storageState'> = {},
): Promise<Page> {
  const context = await browser.newContext({
    ...options,
    viewport: VIEWPORTS[viewport],
    isMobile: viewport === 'mobile',
    hasTouch: viewport === 'mobile',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // A page's first load waits on its scripts and the settings it preloads, which on a machine full of the other
  // files (and a function's first call loading its bundle) once took longer than the steps' 15 s.
  page.setDefaultNavigationTimeout(45_000);
  sayWhatIsLoadingOnTimeout(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  uncaught.set(page, errors);
  return page;
}

/** A navigation that times out names the requests still in flight, and for how long they had been. */
function sayWhatIsLoadingOnTimeout(page: Page): void {
  const inFlight = new Map<Request, number>();
  page.on('request', (request) => inFlight.set(request, Date.now()));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    try {
      return await goto(...args);
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        const now = Date.now();
        const pending = [...inFlight].map(
          ([request, since]) => `${request.method()} ${request.url()} (${now - since} ms)`,
        );
        error.message += `\nStill loading: ${pending.join(', ') || 'nothing'}`;
      }
      throw error;
    }
  };
}

const uncaught = new WeakMap<Page, string[]>();
/** Uncaught errors the page threw since it was opened. */
export const pageErrors = (page: Page): string[] => uncaught.get(page) ?? [];

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe's violations in one frame. axe is injected once per document (a page's later checks reuse it) and only
 * violations are collected (docs/performance.md, "Second pass").
 */
async function violationsIn(frame: Frame): Promise<axe.Result[]> {
  if (!(await frame.evaluate('typeof window.axe === "object"'))) await frame.evaluate(axe.source);
  const results = await frame.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        // Each frame is checked on its own (below): axe's messages between frames would wait on frames without it.
        iframes: false,
      }),
    AXE_TAGS,
  );
  return results.violations;
}

/**
 * Whether axe can run in a frame: in one whose sandbox forbids scripts (the e-mail template's preview), running it
 * closed the page. Such a frame's title is still checked, in its parent.
 */
async function runsScripts(frame: Frame): Promise<boolean> {
  const element = await frame.frameElement().catch(() => undefined);
  const sandbox = await element?.getAttribute('sandbox');
  return sandbox == null || sandbox.split(/\s+/).includes('allow-scripts');
}

/** axe on the page as it stands, every frame: serious and critical violations fail the test, with a readable summary. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const frames = await Promise.all(
    page.frames().map(async (frame) => ((await runsScripts(frame)) ? [frame] : [])),
  );
  const violations = (await Promise.all(frames.flat().map(violationsIn))).flat();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join('\n  ')}`,
  );
  if (summary.length) throw new Error(`Accessibility violations on ${label}:\n${summary.join('\n')}`);
}
