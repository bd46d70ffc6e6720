import type { TaintNote } from '@warden/protocol/policy';

/** One kind of prompt-injection signal and the patterns that show it. */
interface Signal {
  /** A stable id (`TAINT_NOTES` in the protocol) a front end translates. */
  id: TaintNote;
  kind: string;
  pattern: RegExp;
}

const SIGNALS: readonly Signal[] = [
  { id: 'injection.ignore_instructions', kind: 'asks to ignore earlier instructions', pattern: /\b(ignore|disregard|forget|override|bypass)\b[^.\n]{0,40}\b(previous|prior|above|earlier|preceding|all|any|your|the user'?s?|system)\b[^.\n]{0,30}\b(instructions?|prompts?|directions?|rules|guidelines|context|messages?|polic(y|ies))\b/i },
  { id: 'injection.new_instructions', kind: 'claims to give new instructions', pattern: /\b(new|updated|real|actual|hidden|secret)\s+(instructions?|system prompt|directives?)\s*[:-]/i },
  { id: 'injection.addresses_model', kind: 'addresses the model directly', pattern: /\b(attention|note|important|hey|dear)?\s*[,:!-]?\s*\b(AI|assistant|agent|model|LLM|chatbot|Claude|ChatGPT|GPT-?\d*|Gemini|Copilot)\b\s*[,:!]\s*(you\s+(must|should|need to|have to|are now|will)|please|do not|don't|ignore|stop|now)\b/i },
  { id: 'injection.role_change', kind: 'tries to change the model role', pattern: /\byou are (now|no longer)\b|\b(act|behave|respond) as (if you were |an? )?(unrestricted|jailbroken|developer mode|DAN)\b|\benter (developer|god|admin) mode\b/i },
  { id: 'injection.reveal_secrets', kind: 'asks to reveal secrets', pattern: /\b(reveal|print|show|output|send|leak|exfiltrate|dump|share|display|post|upload|give me)\b[^.\n]{0,40}\b(system prompt|secrets?|api[ _-]?keys?|tokens?|credentials?|passwords?|private keys?|env(ironment)?( variables| vars)?|\.env|ssh keys?)\b/i },
  { id: 'injection.contact_address', kind: 'asks to contact an address', pattern: /\b(send|email|e-mail|mail|post|forward|upload|submit|report|transmit|exfiltrate)\b[^.\n]{0,60}\b(to|at)\s+(https?:\/\/\S+|[\w.+-]+@[\w-]+\.[\w.-]+|\S+\.(com|net|org|io|xyz|ru|cn)\b)/i },
  { id: 'injection.hide_actions', kind: 'asks to hide actions from the user', pattern: /\b(do not|don't|never)\s+(tell|inform|mention|reveal|show|notify|alert)\b[^.\n]{0,20}\b(the user|anyone|the human|your user|the operator)\b|\bwithout (telling|informing|asking) the user\b/i },
  { id: 'injection.template_markers', kind: 'carries chat-template markers', pattern: /<\|(im_start|im_end|system|endoftext|start_header_id)\|>|\[\/?INST\]|<<\/?SYS>>|^\s*#{2,}\s*(system|instruction)s?\s*:?\s*$/im },
];

/** Longest text scanned per tool result. */
export const MAX_SIGNAL_SCAN = 1024 * 1024;

/** The first injection signal in the text, by id and in words; undefined when there is none. */
export function findInjectionSignal(text: string): { id: TaintNote; kind: string } | undefined {
  const sample = text.length > MAX_SIGNAL_SCAN ? text.slice(0, MAX_SIGNAL_SCAN) : text;
  const signal = SIGNALS.find((s) => s.pattern.test(sample));
  return signal ? { id: signal.id, kind: signal.kind } : undefined;
}

/** The first injection signal in the text, as a reason; undefined when there is none. */
export function injectionSignal(text: string): string | undefined {
  return findInjectionSignal(text)?.kind;
}

/** Every injection signal in the text with where it matched (`text.slice(start, end)`), in text order. */
export function injectionSignalSpans(text: string): Array<{ id: TaintNote; kind: string; start: number; end: number }> {
  const sample = text.length > MAX_SIGNAL_SCAN ? text.slice(0, MAX_SIGNAL_SCAN) : text;
  const out: Array<{ id: TaintNote; kind: string; start: number; end: number }> = [];
  for (const signal of SIGNALS) {
    const re = new RegExp(signal.pattern.source, signal.pattern.flags.includes('g') ? signal.pattern.flags : `${signal.pattern.flags}g`);
    for (let m = re.exec(sample); m; m = re.exec(sample)) {
      if (m[0].length === 0) {
        re.lastIndex += 1;
        continue;
      }
      out.push({ id: signal.id, kind: signal.kind, start: m.index, end: m.index + m[0].length });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
