import type { z } from 'zod';
import { fieldName, positionOf } from '../policy/source-locator.js';
import { yamlModule } from '../policy/yaml-module.js';

/** A parsed YAML/JSON document that can say where each field is (`file:line:col`). */
export interface LocatedDocument {
  readonly value: unknown;
  /** `name:line:col` of the field at `path` (of its key with `atKey`), or the closest parent. */
  at(path: ReadonlyArray<PropertyKey>, atKey?: boolean): string;
}

/** Parses YAML (which reads JSON too). A syntax error is returned as a located message, not thrown. */
export function locatedDocument(text: string, name: string): LocatedDocument | { syntaxError: string } {
  const { LineCounter, parseDocument } = yamlModule();
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true, prettyErrors: false });
  const syntax = doc.errors[0];
  if (syntax) {
    const pos = syntax.linePos?.[0] ?? counter.linePos(syntax.pos[0]);
    return { syntaxError: `${name}:${pos.line}:${pos.col}: ${syntax.message.split('\n')[0] ?? 'syntax error'}` };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 50 });
  } catch (error) {
    return { syntaxError: `${name}: ${(error as Error).message}` };
  }
  return {
    value,
    at(path, atKey = false) {
      const pos = positionOf(doc, counter, path, atKey);
      return pos ? `${name}:${pos.line}:${pos.col}` : name;
    },
  };
}

/** Every issue zod found, each as `file:line:col: field: message` (unknown keys located at the key). */
export function zodMessages(error: z.ZodError, at: (path: ReadonlyArray<PropertyKey>, atKey?: boolean) => string): string[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => {
        const path = [...issue.path, key];
        return `${at(path, true)}: ${fieldName(path)}: unknown key ${JSON.stringify(key)}`;
      });
    }
    return [`${at(issue.path)}: ${fieldName(issue.path)}: ${issue.message}`];
  });
}
