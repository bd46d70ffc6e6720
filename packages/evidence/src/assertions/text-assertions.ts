import type { Assertion } from './assertion.js';

function joined(outputs: readonly string[]): string {
  return outputs.join('\n');
}

/** The output (all calls' outputs, joined) contains `text`. */
export function outputContains(text: string, options: { name?: string; ignoreCase?: boolean } = {}): Assertion {
  const fold = (s: string): string => (options.ignoreCase === true ? s.toLowerCase() : s);
  return {
    kind: 'contains',
    name: options.name ?? 'contains',
    needs: ['output'],
    evaluate({ outputs }) {
      return fold(joined(outputs)).includes(fold(text)) ? { status: 'pass', message: 'the output contains the expected text.' } : { status: 'fail', message: 'the output does not contain the expected text.' };
    },
  };
}

/** No output contains `text`. */
export function outputNotContains(text: string, options: { name?: string; ignoreCase?: boolean } = {}): Assertion {
  const fold = (s: string): string => (options.ignoreCase === true ? s.toLowerCase() : s);
  return {
    kind: 'not_contains',
    name: options.name ?? 'not_contains',
    needs: ['output'],
    evaluate({ outputs }) {
      return fold(joined(outputs)).includes(fold(text)) ? { status: 'fail', message: 'the output contains forbidden text.' } : { status: 'pass', message: 'the output does not contain the forbidden text.' };
    },
  };
}

/** The output matches `pattern`. */
export function outputMatches(pattern: RegExp, options: { name?: string } = {}): Assertion {
  return {
    kind: 'matches',
    name: options.name ?? `matches(${pattern.source.slice(0, 60)})`,
    needs: ['output'],
    params: { pattern: pattern.source, flags: pattern.flags },
    evaluate({ outputs }) {
      const regex = new RegExp(pattern.source, pattern.flags.replace('g', ''));
      return regex.test(joined(outputs)) ? { status: 'pass', message: 'the output matches.' } : { status: 'fail', message: 'the output does not match.' };
    },
  };
}
