/** What a key may do: `read` calls GET and HEAD operations only; `write` calls every operation. */
export type KeyScope = 'read' | 'write';
export const KEY_SCOPES: readonly KeyScope[] = ['read', 'write'];
