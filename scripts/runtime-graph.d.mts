export function workspaceEntries(): Map<string, string>;
export function runtimeGraph(entryFile: string, entries?: Map<string, string>): Set<string>;
export function packagesIn(graph: Set<string>): string[];
