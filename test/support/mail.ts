import { stack } from './stack';

export interface CapturedEmail {
  subject: string;
  to: string[];
  html: string;
  text: string;
}

/** The SES emulator's captured mail addressed to `to`, waiting until `count` have arrived (queue + worker). */
export async function waitForMail(
  to: string,
  count = 1,
  timeoutMs = 20_000,
  /** Counts only the e-mails this accepts (all of them are returned). */
  counted: (mail: CapturedEmail) => boolean = () => true,
): Promise<CapturedEmail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(stack().urls.mailStore);
    const store = (await res.json()) as {
      emails: Array<{
        subject: string;
        destination: { to: string[] };
        body?: { html?: string; text?: string };
      }>;
    };
    const mine = store.emails
      .filter((e) => e.destination.to.some((t) => t.toLowerCase() === to.toLowerCase()))
      .map((e) => ({
        subject: e.subject,
        to: e.destination.to,
        html: e.body?.html ?? '',
        text: e.body?.text ?? '',
      }));
    if (mine.filter(counted).length >= count) return mine;
    if (Date.now() > deadline) throw new Error(`Expected ${count} e-mail(s) to ${to}, found ${mine.length}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
