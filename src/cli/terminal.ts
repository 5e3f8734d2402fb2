/**
 * Escape sequences (CSI `ESC [ … final`, OSC/DCS/APC/PM/SOS strings up to BEL or `ESC \`, and
 * two-character `ESC x`) and their 8-bit C1 forms.
 */
const SEQUENCES =
  // eslint-disable-next-line no-control-regex
  /\u001b\[[0-?]*[ -/]*[@-~]|\u009b[0-?]*[ -/]*[@-~]|[\u001b][\]P_^X][^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|[\u009d\u0090\u009f\u009e\u0098][^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[\s\S]?/g;
/** Control characters other than newline and tab: C0, DEL and C1. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text for a terminal: escape sequences removed and other control characters dropped (newline and
 * tab kept), so that text a server sent (an error message, a name, a URL) cannot set the window
 * title, clear the screen or rewrite lines when the CLI prints it.
 */
export function terminalText(text: string): string {
  return text.replace(SEQUENCES, '').replace(CONTROLS, '');
}

/**
 * JSON for a terminal: JSON.stringify escapes C0 characters; C1 ones (8-bit escape sequences on
 * some terminals) are escaped here too. The data are unchanged.
 */
export function terminalJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
