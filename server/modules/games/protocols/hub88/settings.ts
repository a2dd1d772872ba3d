import { z } from 'zod';

/*
 * A Hub88 provider's settings (game_providers.settings, decision 0054): the operator id Hub88 gave, each
 * site's sub-partner id at Hub88 (by the site's domain; a site without one launches without), and which
 * Beacon channel a category of Hub88's game list goes in (any other category: `defaultChannel`).
 */
export const hub88SettingsSchema = z.object({
  operatorId: z.number().int().positive(),
  subPartners: z.record(z.string(), z.string().min(1).max(64)).default({}),
  channels: z.record(z.string(), z.string().min(1).max(32)).default({}),
  defaultChannel: z.string().min(1).max(32).default('slots'),
});
export type Hub88Settings = z.infer<typeof hub88SettingsSchema>;

/** The settings of a provider row; throws when they are not a Hub88 provider's (a misconfigured row). */
export function hub88Settings(settings: string): Hub88Settings {
  return hub88SettingsSchema.parse(JSON.parse(settings));
}
