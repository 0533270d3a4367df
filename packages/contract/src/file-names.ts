/**
 * Characters a file name never keeps, on the server (uploads, downloads) and in the web (exports):
 * C0 and C1 controls and DEL, line and paragraph separators, and the bidirectional marks,
 * embeddings, overrides and isolates (U+200E/F, U+202A–U+202E, U+2066–U+2069, U+061C), which can
 * make 'invoice\u202Efdp.exe' read as 'invoiceexe.pdf'.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
export const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** A name without the characters above. */
export const withoutUnsafeCharacters = (name: string) => name.replace(UNSAFE_NAME_CHARACTERS, '');
