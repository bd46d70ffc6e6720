import type { ToolV1 } from '@warden/protocol';
export function countTool(file: string): ToolV1;
export function peekTool(file: string): ToolV1;
