import { z } from 'zod';

/*
 * An Evolution provider's settings (game_providers.settings, decision 0054): the casino key Evolution gave
 * (its User Authentication and lobby calls name it), and which Beacon channel a game type of its lobby goes
 * in (any other type: `defaultChannel`). Its two secrets are provider keys: `verify` is the
 * authToken Evolution sends with every wallet call, `sign` the API token Beacon launches games with.
 */
export const evolutionSettingsSchema = z.object({
  casinoKey: z.string().min(1).max(64),
  channels: z.record(z.string(), z.string().min(1).max(32)).default({}),
  defaultChannel: z.string().min(1).max(32).default('slots'),
});
export type EvolutionSettings = z.infer<typeof evolutionSettingsSchema>;

/** The settings of a provider row; throws when they are not an Evolution provider's (a misconfigured row). */
export function evolutionSettings(settings: string): EvolutionSettings {
  return evolutionSettingsSchema.parse(JSON.parse(settings));
}
