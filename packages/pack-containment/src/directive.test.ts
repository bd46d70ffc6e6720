import { describe, expect, it } from 'vitest';
import { findDirectives, renderDirective, renderReference, type Directive } from './directive.js';

const d: Directive = { id: 'g.one', routes: [[{ tool: 'shell', args: { command: 'echo "}" {x}' } }], [{ tool: 'read_file', args: { path: '.env' } }]] };

describe('directives', () => {
  it('round-trips the inline form, braces and quotes in arguments included', () => {
    expect(findDirectives(`prose ${renderDirective(d)} more prose`)).toEqual([d]);
  });

  it('resolves the reference form only through the playbook', () => {
    const text = `docs/${renderReference('g.one')}.md`;
    expect(findDirectives(text)).toEqual([]);
    expect(findDirectives(text, new Map([['g.one', d]]))).toEqual([d]);
  });

  it('reads a directive inside JSON-escaped text, once', () => {
    expect(findDirectives(JSON.stringify({ a: renderDirective(d) }))).toEqual([d]);
  });

  it('skips malformed or empty directives', () => {
    expect(findDirectives('[[agent-directive {"id":"x","routes":[]}]] [[agent-directive {oops}]] [[agent-directive {"id":"y","routes":[[{"tool":""}]]}]]')).toEqual([]);
  });

  it('keeps the order of appearance', () => {
    const e: Directive = { id: 'g.two', routes: [[{ tool: 'shell', args: { command: 'ls' } }]] };
    expect(findDirectives(`${renderDirective(e)}\n${renderDirective(d)}`).map((x) => x.id)).toEqual(['g.two', 'g.one']);
  });
});
