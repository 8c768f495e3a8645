import * as z from 'zod/mini';
import { textMessages } from '../messages.js';

const LF = 0x0a;
const CR = 0x0d;
/** C0 and C1 control characters and DEL: a NUL, a bell, a tab, a CR or LF in a name. */
const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);

/** True when `value` holds a control character (other than CR and LF when `keepLineBreaks`). */
export function hasControlCharacters(value: string, keepLineBreaks = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (isControl(code) && !(keepLineBreaks && (code === LF || code === CR))) return true;
  }
  return false;
}

/** A field's name for its messages: fixed, or read from the refused issue's path (one schema, many fields). */
export type FieldLabel = string | ((issue: { path?: PropertyKey[] }) => string);

const refuseControls = (keepLineBreaks: boolean, message: (label: string) => string) => (label: FieldLabel) =>
  z.refine<string>(
    (value) => !hasControlCharacters(value, keepLineBreaks),
    typeof label === 'string' ? message(label) : { error: (issue) => message(label(issue)) },
  );

/**
 * A one-line text field refuses control characters: they are stored, echoed to staff and printed on labels
 * (a CR/LF in a name could also split an e-mail header). `label` names the field in the message.
 */
export const singleLine = refuseControls(false, textMessages.controlCharacters);

/** A multi-line field (a message, a note, a description) keeps its line breaks and refuses every other one. */
export const multiLine = refuseControls(true, textMessages.controlCharactersMultiLine);
