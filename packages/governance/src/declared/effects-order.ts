import type { DataEffect, ToolEffect } from './governance-rule.js';

/** Loosest first: combining keeps the later of two. */
const TOOL_ORDER: readonly ToolEffect[] = ['allow', 'ask', 'require_approval', 'deny'];
const DATA_ORDER: readonly DataEffect[] = ['allow', 'pseudonymise', 'redact', 'deny'];

export const stricterToolEffect = (a: ToolEffect, b: ToolEffect): ToolEffect => (TOOL_ORDER.indexOf(a) >= TOOL_ORDER.indexOf(b) ? a : b);
export const stricterDataEffect = (a: DataEffect, b: DataEffect): DataEffect => (DATA_ORDER.indexOf(a) >= DATA_ORDER.indexOf(b) ? a : b);
export const toolStrictness = (e: ToolEffect): number => TOOL_ORDER.indexOf(e);
export const dataStrictness = (e: DataEffect): number => DATA_ORDER.indexOf(e);
