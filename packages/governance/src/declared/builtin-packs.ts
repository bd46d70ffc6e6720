import dora from '../../packs/dora.json' with { type: 'json' };
import euAiAct from '../../packs/eu-ai-act.json' with { type: 'json' };
import gdpr from '../../packs/gdpr.json' with { type: 'json' };
import owaspAgentic from '../../packs/owasp-agentic.json' with { type: 'json' };

/**
 * The packs Warden ships, as the data files under `packages/governance/packs/` (validated when
 * used, like any pack file). Adding one is adding a file and a line here.
 */
export const BUILTIN_PACK_DATA: Readonly<Record<string, unknown>> = {
  'eu-ai-act': euAiAct,
  gdpr,
  'owasp-agentic': owaspAgentic,
  dora,
};

export const BUILTIN_PACKS: readonly string[] = Object.keys(BUILTIN_PACK_DATA);
