import { allowSqsCharacters, SqsFaultInputError, SqsFaults } from '../../infra/local/sqs-front';

describe("the local SQS's message characters", () => {
  // fauxqs's own pattern, as it ships.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the allowed characters SQS names, tab and line ends among them
  const pattern = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD]/;

  it('allow what SQS allows, the range above U+FFFF included, and refuse the rest', () => {
    expect(pattern.test('Zoë 😀')).toBe(true);
    allowSqsCharacters(pattern);
    expect(pattern.test('Zoë 😀 \t\r\n')).toBe(false);
    expect(pattern.test('\u{10FFFF}')).toBe(false);
    expect(pattern.test('bell \u0007')).toBe(true);
    expect(pattern.test('lone \uD800 surrogate')).toBe(true);
    expect(pattern.test('\uFFFE')).toBe(true);
  });
});

describe('the local SQS fault switch', () => {
  it('names a queue by its URL or name, and refuses what is not a fault', () => {
    const faults = new SqsFaults();
    expect(faults.set({ queue: 'http://127.0.0.1:9424/000000000000/email-jobs', mode: 'down' })).toEqual({
      queue: 'email-jobs',
      mode: 'down',
    });
    expect(() => faults.set({ queue: 'email-jobs', mode: 'refuse' })).toThrow(SqsFaultInputError);
    expect(() => faults.set({ mode: 'down' })).toThrow(SqsFaultInputError);
  });
});
