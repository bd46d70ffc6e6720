import { z } from 'zod';

// Staffing: a task is done by a declared specialist from the bench when one covers it (the task
// names it), else by one the factory writes within limits. A specialist never holds a tool the
// orchestrator does not: its allowlist is narrowed to the orchestrator's tools.

export const SpecialistSpec = z.strictObject({
  name: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/),
  description: z.string().max(500).optional(),
  instructions: z.string().min(1).max(8000),
  /** A hard allowlist. */
  tools: z.array(z.string().min(1)).default([]),
  tier: z.enum(['fast', 'standard', 'strong']).default('standard'),
  /** A step ceiling. */
  maxSteps: z.number().int().positive().max(100).default(8),
  workspace: z.enum(['shared', 'isolated']).default('shared'),
});
export type SpecialistSpec = z.input<typeof SpecialistSpec>;
export type StaffedSpec = z.output<typeof SpecialistSpec> & { source: 'bench' | 'factory' };

/** What the factory may write. */
export interface FactoryLimits {
  /** The highest step ceiling a written specialist may have (default 8). */
  maxSteps?: number;
  /** Tiers it may choose (default all). */
  tiers?: readonly ('fast' | 'standard' | 'strong')[];
}

/**
 * A spec narrowed to what the orchestrator holds and the factory allows: tools it lacks are
 * dropped (and named), the step ceiling is capped, a tier outside the limits becomes the lowest allowed.
 */
export function narrowSpec(spec: z.output<typeof SpecialistSpec>, held: readonly string[], limits: FactoryLimits | undefined): { spec: z.output<typeof SpecialistSpec>; dropped: string[] } {
  const heldSet = new Set(held);
  const dropped = spec.tools.filter((tool) => !heldSet.has(tool));
  const maxSteps = limits?.maxSteps !== undefined ? Math.min(spec.maxSteps, limits.maxSteps) : spec.maxSteps;
  const tiers = limits?.tiers;
  const tier = tiers && tiers.length > 0 && !tiers.includes(spec.tier) ? tiers[0]! : spec.tier;
  return { spec: { ...spec, tools: spec.tools.filter((tool) => heldSet.has(tool)), maxSteps, tier }, dropped };
}
