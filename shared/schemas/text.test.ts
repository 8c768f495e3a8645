import * as z from 'zod/mini';
import { textMessages } from '../messages';
import { hasControlCharacters, multiLine, singleLine } from './text';

const one = z.string().check(singleLine('Name'));
const many = z.string().check(multiLine('Message'));
const messageOf = (schema: z.ZodMiniType, value: string) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('control characters in text fields', () => {
  it.each(['\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009f'])(
    'a one-line field refuses %j',
    (c) => {
      expect(hasControlCharacters(`Ann${c}Lee`)).toBe(true);
      expect(messageOf(one, `Ann${c}Lee`)).toBe(textMessages.controlCharacters('Name'));
    },
  );

  it('accepts ordinary text, accents, emoji and non-Latin scripts', () => {
    for (const value of ['Ann Lee', 'José Ñúñez', 'O’Brien-Smith', '李雷', '🙂 ok', '\u00a0spaced'])
      expect(messageOf(one, value)).toBeNull();
  });

  it('a multi-line field keeps CR and LF, and refuses every other control character', () => {
    expect(messageOf(many, 'Hello,\nline two\r\nline three')).toBeNull();
    for (const c of ['\u0000', '\t', '\u000b', '\u000c', '\u001b', '\u007f'])
      expect(messageOf(many, `Hello${c}there`)).toBe(textMessages.controlCharactersMultiLine('Message'));
  });
});
