// One reading of durations for the whole of Warden: protocol's (`30s`, `5m`, `1h`, `7d`, `500ms`,
// composites such as `1m30s`, or a bare number of seconds); undefined when unreadable.
export { parseDuration as parseDurationMs } from '@warden/protocol/checks';
