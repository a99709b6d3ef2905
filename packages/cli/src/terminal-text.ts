/**
 * Text from the network made safe for a terminal. A gateway's message or a value in a body can hold
 * control characters (ESC, BEL, CSI U+009B) that a terminal obeys: clear the screen, set the window title,
 * write the clipboard (OSC 52). What pdg prints shows them as escapes instead, so nothing reaches the
 * terminal raw.
 */

/** C0 controls but the line break, DEL and the C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this is for.
const controls = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

/** DEL and the C1 controls, which `JSON.stringify` leaves as they are (it escapes C0 itself). */
const unescapedByJson = /[\u007f-\u009f]/g;

/** `\u001b` for ESC: the escape a reader recognises, in human output and JSON alike. */
function escaped(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Human output: every control character but the line break shown as `\u001b`-style text. */
export function visible(text: string): string {
  return text.replace(controls, escaped);
}

/** JSON output with DEL and the C1 controls as `\u` escapes too: still the same JSON value, and terminal-safe. */
export function terminalJson(value: unknown, indent?: number): string {
  // `JSON.stringify` gives no text for `undefined`; the line then says so as JSON would read it back.
  return (JSON.stringify(value, null, indent) ?? 'null').replace(unescapedByJson, escaped);
}
