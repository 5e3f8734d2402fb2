/**
 * Escape sequences (CSI `ESC [ … final`, OSC/DCS/APC/PM/SOS strings up to BEL or `ESC \`, and
 * two-character `ESC x`) and their 8-bit C1 forms.
 */
const SEQUENCES =
  // eslint-disable-next-line no-control-regex
  /\u001b\[[0-?]*[ -/]*[@-~]|\u009b[0-?]*[ -/]*[@-~]|[\u001b][\]P_^X][^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|[\u009d\u0090\u009f\u009e\u0098][^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[\s\S]?/g;
/**
 * Characters a terminal does not show as themselves: C0 (but newline and tab), DEL and C1; the line and paragraph
 * separators U+2028 and U+2029; and the invisible format characters (Unicode's Cf), among them the bidi embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069) and marks (U+200E, U+200F, U+061C), which reorder what
 * follows them on the line, zero-width spaces and the byte-order mark. The zero-width joiners (U+200C, U+200D) stay:
 * scripts and emoji need them, and they move nothing.
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]|(?![\u200c\u200d])\p{Cf}/gu;

/**
 * Text for a terminal: escape sequences removed and other control and invisible format characters dropped
 * (newline and tab kept), so that text a server sent (an error message, a name, a URL) cannot set the window
 * title, clear the screen, rewrite lines or reorder what is shown (a bidi override making `gpj.exe` read
 * `exe.jpg`) when the CLI prints it.
 */
export function terminalText(text: string): string {
  return text.replace(SEQUENCES, '').replace(INVISIBLE, '');
}

/**
 * JSON for a terminal: JSON.stringify escapes C0 characters; the others of INVISIBLE (C1, 8-bit escape sequences
 * on some terminals, and the bidi and other format characters) are escaped here too. The data are unchanged.
 */
export function terminalJson(value: unknown): string {
  // Each UTF-16 unit of a match escaped (a format character beyond U+FFFF is two).
  const escape = (c: string) => [...Array(c.length).keys()].map((i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
  return JSON.stringify(value, null, 2).replace(INVISIBLE, escape);
}
