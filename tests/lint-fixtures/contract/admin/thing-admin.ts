import { z } from 'zod';
import { thingSchema } from '../thing';

export const thingAdminSchema = z.object({ thing: thingSchema, note: z.string() });
