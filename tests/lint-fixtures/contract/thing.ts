import { z } from 'zod';

export const thingSchema = z.object({ id: z.number() });
