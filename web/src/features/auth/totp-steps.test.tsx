import { describe, expect, test } from '@jest/globals';
import { authMessages } from '@shared/messages';
import { ZTotpCodeForm } from '@shared/schemas/auth';
import { renderToStaticMarkup } from 'react-dom/server';
import { groupSecret, TotpCodeForm, TotpSetupStep } from './totp-steps';

const noCode = async () => null;

/** The one input of a form's markup, and the label that names it. */
function codeField(html: string) {
  const input = html.match(/<input[^>]*>/)?.[0] ?? '';
  const id = input.match(/id="([^"]+)"/)?.[1];
  const label = html.match(new RegExp(`<label for="${id}">([^<]*)</label>`))?.[1];
  return { input, label };
}

describe('the code field', () => {
  test.each([
    [
      'set-up',
      <TotpSetupStep
        key="setup"
        secret="JBSWY3DPEHPK3PXP"
        setupUri="otpauth://totp/x"
        onCode={noCode}
        notices={null}
      />,
    ],
    ['sign-in', <TotpCodeForm key="code" heading="h" intro="i" onCode={noCode} notices={null} />],
  ])('%s: labelled, numeric keypad, one-time-code autofill', (_step, element) => {
    const { input, label } = codeField(renderToStaticMarkup(element));
    expect(label).toBe(authMessages.totpCodeLabel);
    // HTML attribute names are case-insensitive (React writes these in camel case).
    expect(input.toLowerCase()).toContain('autocomplete="one-time-code"');
    expect(input.toLowerCase()).toContain('inputmode="numeric"');
  });

  test('set-up shows the key for typing in, in groups of four, and the QR code has a text alternative', () => {
    const html = renderToStaticMarkup(
      <TotpSetupStep secret="JBSWY3DPEHPK3PXP" setupUri="otpauth://totp/x" onCode={noCode} notices={null} />,
    );
    expect(html).toContain('JBSW Y3DP EHPK 3PXP');
    expect(html).toContain(`aria-label="${authMessages.totpQrAlt}"`);
    expect(html).toContain(authMessages.totpSetupHeading);
  });
});

describe('code rules', () => {
  test('groupSecret', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });

  test.each([
    ['123456', true],
    ['123 456', true],
    ['12345', false],
    ['12345a', false],
    ['', false],
  ])('%p valid: %p', (code, ok) => {
    expect(ZTotpCodeForm.safeParse({ code }).success).toBe(ok);
  });

  test('messages: empty, then the wrong shape', () => {
    const issue = (code: string) => ZTotpCodeForm.safeParse({ code }).error?.issues[0]?.message;
    expect(issue('')).toBe(authMessages.totpCodeRequired);
    expect(issue('12ab')).toBe(authMessages.totpCodeFormat);
  });
});
