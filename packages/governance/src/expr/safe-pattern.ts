/** Longest regular expression a condition may use. */
export const MAX_PATTERN_LENGTH = 512;

/**
 * Load-time checks that keep `matches` from hanging the gate: the pattern
 * must compile, stay short, use no back-references and no quantified group
 * that itself contains a quantifier (`(a+)+`, `(x*y)*`, `(a|a?){3,}` — the
 * shapes behind catastrophic backtracking). Returns the problem, or undefined.
 */
export function checkPattern(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) return `a pattern may be at most ${MAX_PATTERN_LENGTH} characters`;
  try {
    new RegExp(pattern);
  } catch {
    return `invalid regular expression ${JSON.stringify(pattern)}`;
  }
  if (/\\[1-9]|\\k</.test(pattern)) return 'back-references are not allowed in patterns';
  if (hasNestedQuantifier(pattern)) return `pattern ${JSON.stringify(pattern)} nests quantifiers (risk of catastrophic backtracking)`;
  return undefined;
}

function hasNestedQuantifier(pattern: string): boolean {
  // Stack of "does this open group contain a quantifier".
  const stack: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i];
    if (ch === '\\') {
      i += 1;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === '(') stack.push(false);
    else if (ch === ')') {
      const quantifiedInside = stack.pop() ?? false;
      const after = pattern[i + 1];
      const quantifiedGroup = after === '*' || after === '+' || after === '{' || after === '?';
      if (quantifiedInside && quantifiedGroup && after !== '?') return true;
      if (stack.length > 0 && (quantifiedInside || quantifiedGroup)) stack[stack.length - 1] = true;
    } else if ((ch === '*' || ch === '+' || ch === '{') && stack.length > 0) {
      stack[stack.length - 1] = true;
    } else if (ch === '|' && stack.length > 0) {
      // Alternation inside a repeated group can backtrack too: count it as a quantifier.
      stack[stack.length - 1] = true;
    }
  }
  return false;
}
