// Types of scripts/phrasings.mjs, for the tests that check the committed table against it.
export const TABLE: string;
export const TUNING_SETS: string[];
export const MEASURING_SETS: string[];
export function plainText(q: string): string;
export function phrasingsOf(sets: readonly string[], read: (text: string) => string): Record<string, string[]>;
export function tableText(byAction: Record<string, string[]>): string;
