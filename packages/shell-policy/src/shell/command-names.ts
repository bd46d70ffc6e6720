/**
 * Distribution variants of one tool, matched by family rather than by one name: Debian ships
 * `nc.openbsd` and `nc.traditional`, Windows `curl.exe`, distributions `wget2` or `socat1`.
 * Each family maps to the name its rules are written for.
 */
const FAMILIES: ReadonlyArray<[RegExp, string]> = [
  [/^(?:nc|netcat|nc6|gnu-netcat)(?:[.\-_][a-z0-9]+)*$/, 'nc'],
  [/^ncat(?:[.\-_][a-z0-9]+)*$/, 'ncat'],
  [/^socat\d*(?:[.\-_][a-z0-9]+)*$/, 'socat'],
  [/^(?:inetutils-)?telnet(?:[.\-_][a-z0-9]+)*$/, 'telnet'],
  [/^curl(?:\.[a-z0-9]+)?$/, 'curl'],
  [/^wget2?(?:\.[a-z0-9]+)?$/, 'wget'],
  [/^(?:powershell|pwsh)(?:[.\-_][a-z0-9]+)*$/, 'pwsh'],
  [/^(?:openssh-)?ssh(?:\.[a-z0-9]+)?$/, 'ssh'],
];

/** The basename in lower case, `.exe` dropped, mapped to its family's name. */
export function canonicalName(base: string): string {
  const name = base.toLowerCase().replace(/\.exe$/, '');
  // Plain names need no pattern: only two of them are spelled differently from their family.
  if (!/[.\-_\d]/.test(name)) return name === 'netcat' ? 'nc' : name === 'powershell' ? 'pwsh' : name;
  for (const [pattern, family] of FAMILIES) if (pattern.test(name)) return family;
  return name;
}
