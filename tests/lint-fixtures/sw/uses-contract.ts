import { thingSchema } from '#contract/thing';
import { thingAdminSchema } from '../contract/admin/thing-admin';

export const swThing = [thingSchema, thingAdminSchema];
