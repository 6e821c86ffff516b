// Types of scripts/phrase-gates.mjs, for the tests that check the gates the build writes.
export function gateOf(re: RegExp): string[] | null;
export function phraseGates(phrases: ReadonlyArray<readonly [RegExp, ...unknown[]]>): Array<string[] | null>;
